import { z } from "zod";
import { env } from "@/lib/env";
import { AppError, INVALID_DATA_MESSAGE } from "@/lib/errors";
import { createDocumentInput, type CreateDocumentInput } from "@/lib/schemas/signing";
import { fieldErrors } from "./api-route";
import { refuseControlCharacters } from "./control-characters";
import { base64BodyLimit, multipartBodyLimit, readBodyForm, readBodyText } from "./read-body";

export type DocumentUpload = { input: CreateDocumentInput; bytes: Uint8Array; fileName?: string };

/**
 * Reads POST /v1/containers/{uuid}/documents in either form: multipart (`file` + `document`
 * JSON) or JSON with `file_base64`. Field paths in 422 answers are those of the document JSON
 * (signatures.0.email) in both forms; the file is `file`.
 */
export async function readDocumentUpload(req: Request): Promise<DocumentUpload> {
  const upload = await readPdfUpload(req, "document");
  if (!upload.bytes) throw invalidBody({ file_base64: ["Required: the PDF as Base64 (or send multipart/form-data)."] });
  return { input: parseInput(createDocumentInput, upload.json), bytes: upload.bytes, fileName: upload.fileName };
}

/**
 * A PDF with its JSON settings, as multipart (`file` + a `part` holding JSON) or as JSON with
 * `file_base64`. The PDF may be absent only in the JSON form (templates made from a document):
 * `bytes` is then undefined and the caller decides.
 */
export async function readPdfUpload(req: Request, part: string): Promise<{ json: unknown; bytes?: Uint8Array; fileName?: string }> {
  const limit = env().MAX_UPLOAD_MB * 1024 * 1024;
  const type = req.headers.get("content-type") ?? "";
  const multipart = /^multipart\/form-data/i.test(type);
  if (multipart) {
    const form = await readBodyForm(req, multipartBodyLimit(limit), tooLarge);
    if (!form) throw invalidBody({ body: ["The multipart body could not be read."] });
    const file = form.get("file");
    const settings = form.get(part);
    if (!(file instanceof Blob)) throw invalidBody({ file: ["Required: the PDF as the `file` part."] });
    if (file.size > limit) throw tooLarge();
    const json = typeof settings === "string" ? parseJson(settings, part) : settings instanceof Blob ? parseJson(await settings.text(), part) : {};
    const fileName = "name" in file ? (file as File).name : undefined;
    refuseControlCharacters({ file: fileName });
    return { json, bytes: new Uint8Array(await file.arrayBuffer()), fileName };
  }
  if (type && !/^application\/([\w.+-]*\+)?json\b/i.test(type)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `Send multipart/form-data (file + ${part}) or application/json with file_base64.`);
  }
  const text = await readBodyText(req, base64BodyLimit(limit), tooLarge);
  const json = parseJson(text, "body") as Record<string, unknown>;
  const base64 = typeof json?.file_base64 === "string" ? json.file_base64.replace(/^data:application\/pdf;base64,/, "").replace(/\s/g, "") : null;
  if (!base64) return { json };
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw invalidBody({ file_base64: ["Must be Base64."] });
  const bytes = new Uint8Array(Buffer.from(base64, "base64"));
  if (bytes.byteLength > limit) throw tooLarge();
  return { json, bytes };
}

export function parseInput<S extends z.ZodType>(schema: S, json: unknown): z.output<S> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw invalidBody(fieldErrors(parsed.error as z.ZodError));
  return parsed.data;
}

function parseJson(text: string, field: string): unknown {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalidBody({ [field]: ["Must be valid JSON."] });
  }
  refuseControlCharacters(json);
  return json;
}

export const invalidBody = (errors: Record<string, string[]>) => new AppError("INVALID", INVALID_DATA_MESSAGE, errors);
const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", `The file is larger than ${env().MAX_UPLOAD_MB} MB.`);
