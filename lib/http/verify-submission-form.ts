import { AppError, invalid } from "@/lib/errors";

/** A constancia is a few KB (the real one in shared/realworld/nom151: 5.9 KB); 64 KB is plenty. */
export const MAX_CONSTANCY_BYTES = 64 * 1024;

const part = async (value: FormDataEntryValue | null): Promise<Uint8Array | null> =>
  value === null ? null : value instanceof Blob ? new Uint8Array(await value.arrayBuffer()) : new Uint8Array(Buffer.from(value, "utf8"));

/**
 * POST /v1/verify's parts: `file` (the PDF or XML), `hash` (a SHA-256 in hex, instead of the
 * file) and `constancy` (an RFC 3161 TimeStampResp or TimeStampToken, DER or Base64, as a file
 * or a text part), each bounded before it is read further.
 */
export async function verifySubmissionForm(form: FormData | null, limit: number, tooLarge: () => AppError) {
  const file = form?.get("file") ?? null;
  const hash = form?.get("hash") ?? null;
  const constancy = await part(form?.get("constancy") ?? null);
  if (file !== null && !(file instanceof Blob)) throw invalid("file", "The field `file` must be a file: the PDF or XML to verify.");
  if (file instanceof Blob && file.size > limit) throw tooLarge();
  if (hash !== null && (typeof hash !== "string" || !/^[0-9A-Fa-f]{64}$/.test(hash.trim()))) throw invalid("hash", "Must be a SHA-256 in hex (64 characters).");
  if (constancy && constancy.byteLength > MAX_CONSTANCY_BYTES) throw invalid("constancy", "A constancia is a few kilobytes; this part is larger than 64 KB.");
  if (!file && !hash) throw invalid("file", constancy ? "Send the document (`file`) or its SHA-256 (`hash`) with the constancia: it is checked against them." : "Required: the PDF or XML to verify, in the field `file`.");
  if (file && hash) throw invalid("hash", "Send the file or its hash, not both.");
  return {
    file: file ? new Uint8Array(await file.arrayBuffer()) : undefined,
    hash: typeof hash === "string" ? hash.trim().toLowerCase() : undefined,
    constancy: constancy ?? undefined,
  };
}
