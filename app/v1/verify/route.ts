import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError, invalid } from "@/lib/errors";
import { apiRoute } from "@/lib/http/api-route";
import { clientIp, rateLimit } from "@/lib/http/rate-limit";
import { multipartBodyLimit, readBodyForm } from "@/lib/http/read-body";
import { verifyHashQuery } from "@/lib/schemas/verify";
import { verifyFile } from "@/lib/services/signing/verify-file";
import { verifySubmission } from "@/lib/services/signing/verify-submission";
import { apiLocale } from "@/lib/i18n/api-locale";
import { MAX_CONSTANCY_BYTES, verifySubmissionForm } from "@/lib/http/verify-submission-form";

// Public: anyone holding a file (or the hash from its QR code) may check it.
export const GET = apiRoute({ auth: "none", query: verifyHashQuery }, async ({ query, req }) => {
  const ip = clientIp(req);
  if (ip) await rateLimit(`verify-ip:${ip}`, 60, 60_000);
  if (query.id) return { data: await verifyFile(getDb(), { id: query.id.toLowerCase() }) };
  if (!query.hash) throw invalid("hash", "Give `hash` (a SHA-256) or `id` (a document id from a signature sheet).");
  return { data: await verifyFile(getDb(), { hash: query.hash }) };
});

export const POST = apiRoute({ auth: "none" }, async ({ req }) => {
  const ip = clientIp(req);
  if (ip) await rateLimit(`verify-ip:${ip}`, 30, 60_000);
  const limit = env().MAX_UPLOAD_MB * 1024 * 1024;
  const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", `The file is larger than ${env().MAX_UPLOAD_MB} MB.`);
  if (!/^multipart\/form-data/i.test(req.headers.get("content-type") ?? "")) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the PDF or XML as multipart/form-data in the field `file`.");
  const form = await readBodyForm(req, multipartBodyLimit(limit + MAX_CONSTANCY_BYTES), tooLarge);
  const input = await verifySubmissionForm(form, limit, tooLarge);
  return { data: await verifySubmission(getDb(), input, apiLocale(req.headers)) };
});
