/** `--profile`: a CPU profile of one measured window of the run-loop benchmark. */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

/** Starts profiling; the returned function stops and writes `file` (Chrome DevTools' .cpuprofile). */
export async function startProfile(file: string): Promise<() => Promise<void>> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return async () => {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    console.log(`   CPU profile written to ${file}`);
  };
}
