/**
 * Runs once when a Next.js server process starts. On the Node.js runtime it finishes runs that a
 * stopped server left `running` (lib/runs/recover-at-start.ts), so their conversations are usable.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { recoverAtStart } = await import("./lib/runs/recover-at-start");
  try {
    await recoverAtStart();
  } catch (err) {
    console.error("[atelier] could not recover interrupted runs at start:", err);
  }
}
