/** The body of POST /api/skills/import: its bytes (at most MAX_ARCHIVE_BYTES) and which archive it is. */
import { AppError, PayloadTooLargeError } from "../errors";
import type { ArchiveKind } from "./archive-entries";
import { MAX_ARCHIVE_BYTES } from "./skill-limits.shared";

export class ArchiveMediaTypeError extends AppError {
  static override readonly kind: string = "ArchiveMediaTypeError";
  constructor(contentType: string | null) {
    super(
      "unsupported_media_type",
      `Send a skill archive as application/zip (.zip) or application/gzip (.tar.gz); got ${contentType ?? "no content type"}.`,
    );
  }
}

export function archiveKind(contentType: string | null): ArchiveKind {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/zip" || type === "application/x-zip-compressed") return "zip";
  if (type === "application/gzip" || type === "application/x-gzip" || type === "application/x-tar+gzip")
    return "tar.gz";
  throw new ArchiveMediaTypeError(contentType);
}

export async function readArchiveBody(req: Request): Promise<{ bytes: Uint8Array; kind: ArchiveKind }> {
  const kind = archiveKind(req.headers.get("content-type"));
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > MAX_ARCHIVE_BYTES) throw new PayloadTooLargeError(MAX_ARCHIVE_BYTES);
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > MAX_ARCHIVE_BYTES) {
        await reader.cancel().catch(() => {});
        throw new PayloadTooLargeError(MAX_ARCHIVE_BYTES);
      }
      chunks.push(value);
    }
  }
  return { bytes: Buffer.concat(chunks), kind };
}
