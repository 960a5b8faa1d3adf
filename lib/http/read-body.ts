import { AppError } from "@/lib/errors";

/** JSON bodies without files: the largest real one (a document's signatories) is a few KB. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** A JSON body carrying `fileBytes` of files as Base64 (4/3 of their size) plus the other fields. */
export function base64BodyLimit(fileBytes: number): number {
  return Math.ceil((fileBytes * 4) / 3) + 1024 * 1024;
}

/**
 * Bodies that may carry a logo as Base64 (folders, identity sessions): up to 1.5 million
 * characters each, and version 2 of sessions takes two (customization.logo and logo).
 */
export const LOGO_BODY_LIMIT = base64BodyLimit(2 * 1024 * 1024);

/** A multipart body carrying `fileBytes` of files plus the other parts and boundaries. */
export function multipartBodyLimit(fileBytes: number): number {
  return fileBytes + 1024 * 1024;
}

/**
 * Every request body is read through here. Bytes are counted as they arrive and reading stops
 * (413) as soon as they pass `limit`, so neither a false Content-Length nor a chunked body (which
 * has none) makes the server buffer more than the route accepts. A Content-Length already above
 * the limit is refused before anything is read.
 */
export async function readBody(req: Request, limit: number, tooLarge: () => AppError = () => bodyTooLarge(limit)): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Stop the upload instead of draining it: the rest is never read into memory.
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The body as UTF-8 text, bounded like readBody. */
export async function readBodyText(req: Request, limit: number, tooLarge?: () => AppError): Promise<string> {
  return new TextDecoder().decode(await readBody(req, limit, tooLarge));
}

/** A multipart body, bounded like readBody, then parsed by the platform's FormData parser. */
export async function readBodyForm(req: Request, limit: number, tooLarge?: () => AppError): Promise<FormData | null> {
  const bytes = await readBody(req, limit, tooLarge);
  return new Response(bytes, { headers: { "content-type": req.headers.get("content-type") ?? "" } }).formData().catch(() => null);
}

function bodyTooLarge(limit: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `The request body is larger than ${formatSize(limit)}.`);
}

function formatSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
