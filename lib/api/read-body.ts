/** Reads a JSON request body under a byte limit, without buffering past the limit. */
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from "../errors";

export const DEFAULT_MAX_BODY_BYTES = 512 * 1024;

export async function readJsonBody(req: Request, maxBytes: number = DEFAULT_MAX_BODY_BYTES): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) throw new PayloadTooLargeError(maxBytes);
  const contentType = req.headers.get("content-type");
  if (contentType && !/^application\/(.+\+)?json\b/i.test(contentType)) {
    throw new UnsupportedMediaTypeError(contentType);
  }
  const text = await readTextLimited(req, maxBytes);
  if (text.trim() === "")
    throw new BadRequestError("The request body is empty; send a JSON object.", {}, "invalid_json");
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new BadRequestError(`The request body is not valid JSON: ${(e as Error).message}`, {}, "invalid_json");
  }
}

async function readTextLimited(req: Request, maxBytes: number): Promise<string> {
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new PayloadTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
