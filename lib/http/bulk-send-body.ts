import { AppError } from "@/lib/errors";
import type { BulkFormat } from "@/lib/services/bulk-sends/read-bulk-rows";
import { multipartBodyLimit, readBodyForm, readBodyText } from "./read-body";

/** 10,000 rows of two roles with every column run about 2 MB; four times that is ample. */
export const BULK_BODY_LIMIT = 8 * 1024 * 1024;

const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", `A bulk send's file takes at most ${BULK_BODY_LIMIT / 1024 / 1024} MB.`);
const JSONL = /^application\/(x-)?(ndjson|jsonl|jsonlines|json-seq)\b/i;

/**
 * A bulk send's rows: the body itself as `text/csv` or JSON lines (`application/x-ndjson`,
 * `application/jsonl`), or a multipart `file` part (a .csv or a .jsonl/.ndjson file).
 */
export async function readBulkSendBody(req: Request): Promise<{ text: string; format: BulkFormat }> {
  const type = req.headers.get("content-type") ?? "";
  if (/^text\/csv\b/i.test(type)) return { text: await readBodyText(req, BULK_BODY_LIMIT, tooLarge), format: "csv" };
  if (JSONL.test(type)) return { text: await readBodyText(req, BULK_BODY_LIMIT, tooLarge), format: "jsonl" };
  if (/^multipart\/form-data\b/i.test(type)) {
    const form = await readBodyForm(req, multipartBodyLimit(BULK_BODY_LIMIT), tooLarge);
    const file = form?.get("file");
    if (!(file instanceof Blob)) throw new AppError("INVALID", "The given data was invalid.", { file: ["Required: the rows as the `file` part (.csv or .jsonl)."] });
    if (file.size > BULK_BODY_LIMIT) throw tooLarge();
    const name = "name" in file ? String((file as File).name) : "";
    const format: BulkFormat = /\.(jsonl|ndjson)$/i.test(name) || JSONL.test(file.type) ? "jsonl" : "csv";
    return { text: await file.text(), format };
  }
  throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the rows as text/csv, as JSON lines (application/x-ndjson), or as a multipart `file`.");
}
