/**
 * A `.zip` or `.tar.gz` body → its entries (path, kind, bytes), bounded before anything is kept:
 * the unpacked total (MAX_ARCHIVE_UNPACKED_BYTES, so a zip bomb stops early) and the entry count.
 * Symbolic and hard links are refused; paths are returned as written (skill-archive.ts confines
 * them).
 */
import { Gunzip, unzipSync } from "fflate";
import { extract } from "tar-stream";
import { Readable } from "node:stream";
import { MAX_ARCHIVE_ENTRIES, MAX_ARCHIVE_UNPACKED_BYTES } from "./skill-limits.shared";
import { SkillArchiveError } from "./skill-errors";

export type ArchiveKind = "zip" | "tar.gz";

export interface ArchiveEntry {
  path: string;
  directory: boolean;
  data: Uint8Array;
}

const MIB = 1024 * 1024;
const tooLarge = () =>
  new SkillArchiveError(
    `The archive unpacks to more than ${MAX_ARCHIVE_UNPACKED_BYTES / MIB} MiB; nothing was imported.`,
  );
const tooMany = () =>
  new SkillArchiveError(`The archive has more than ${MAX_ARCHIVE_ENTRIES} entries; nothing was imported.`);
const link = (path: string) =>
  new SkillArchiveError(`'${path}' is a link; skill archives hold plain files and folders only. Nothing was imported.`);

/** The zip's central directory: each entry's name and whether its Unix mode is a symbolic link. */
function zipDirectory(bytes: Uint8Array): Array<{ name: string; symlink: boolean; size: number }> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // End of central directory: the last 0x06054b50 within the final 64 KiB + 22 bytes.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0)
    throw new SkillArchiveError("The upload is not a zip archive (no central directory). Nothing was imported.");
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  const out: Array<{ name: string; symlink: boolean; size: number }> = [];
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50)
      throw new SkillArchiveError("The zip's central directory is damaged. Nothing was imported.");
    const madeBy = view.getUint16(at + 4, true) >> 8;
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true);
    const comment = view.getUint16(at + 32, true);
    const external = view.getUint32(at + 38, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    // Unix (3) and macOS (19) record the mode in the high 16 bits: S_IFLNK is 0o120000.
    const mode = external >>> 16;
    out.push({ name, symlink: (madeBy === 3 || madeBy === 19) && (mode & 0o170000) === 0o120000, size });
    at += 46 + nameLength + extra + comment;
  }
  return out;
}

function readZip(bytes: Uint8Array): ArchiveEntry[] {
  const directory = zipDirectory(bytes);
  if (directory.length > MAX_ARCHIVE_ENTRIES) throw tooMany();
  const symlink = directory.find((e) => e.symlink);
  if (symlink) throw link(symlink.name);
  let declared = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (f) => {
        declared += f.originalSize;
        if (declared > MAX_ARCHIVE_UNPACKED_BYTES) throw tooLarge();
        return true;
      },
    });
  } catch (e) {
    if (SkillArchiveError.is(e)) throw e;
    throw new SkillArchiveError(`The zip archive could not be read (${(e as Error).message}). Nothing was imported.`);
  }
  let total = 0;
  return Object.entries(files).map(([path, data]) => {
    total += data.length;
    if (total > MAX_ARCHIVE_UNPACKED_BYTES) throw tooLarge();
    return { path, directory: path.endsWith("/"), data };
  });
}

function gunzip(bytes: Uint8Array): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const stream = new Gunzip((chunk) => {
    total += chunk.length;
    if (total > MAX_ARCHIVE_UNPACKED_BYTES) throw tooLarge();
    chunks.push(chunk);
  });
  try {
    stream.push(bytes, true);
  } catch (e) {
    if (SkillArchiveError.is(e)) throw e;
    throw new SkillArchiveError(`The upload is not a gzip file (${(e as Error).message}). Nothing was imported.`);
  }
  return Buffer.concat(chunks);
}

async function readTar(bytes: Uint8Array): Promise<ArchiveEntry[]> {
  const tar = gunzip(bytes);
  const entries: ArchiveEntry[] = [];
  const ex = extract();
  const done = new Promise<void>((resolve, reject) => {
    ex.on("entry", (header, stream, next) => {
      const fail = (e: Error) => {
        stream.resume();
        reject(e);
        ex.destroy(e);
      };
      if (entries.length >= MAX_ARCHIVE_ENTRIES) return fail(tooMany());
      if (header.type === "symlink" || header.type === "link") return fail(link(header.name));
      const chunks: Buffer[] = [];
      stream.on("data", (c: unknown) => {
        chunks.push(c as Buffer);
      });
      stream.on("end", () => {
        if (header.type === "directory") entries.push({ path: header.name, directory: true, data: new Uint8Array() });
        else if (header.type === "file" || header.type === "contiguous-file")
          entries.push({ path: header.name, directory: false, data: Buffer.concat(chunks) });
        else
          return fail(
            new SkillArchiveError(`'${header.name}' is a ${header.type}, not a file or folder. Nothing was imported.`),
          );
        next();
      });
    });
    ex.on("finish", resolve);
    ex.on("error", (e: Error) =>
      reject(
        SkillArchiveError.is(e)
          ? e
          : new SkillArchiveError(`The tar archive could not be read (${e.message}). Nothing was imported.`),
      ),
    );
  });
  Readable.from([Buffer.from(tar)]).pipe(ex);
  await done;
  return entries;
}

/** Every entry of the archive; refuses (SkillArchiveError) a damaged, oversized or linked one. */
export async function readArchive(bytes: Uint8Array, kind: ArchiveKind): Promise<ArchiveEntry[]> {
  return kind === "zip" ? readZip(bytes) : readTar(bytes);
}
