import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { SESSION_FILE_KINDS } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { apiRoute } from "@/lib/http/api-route";
import { clientIp, rateLimit } from "@/lib/http/rate-limit";
import { readBody } from "@/lib/http/read-body";
import { captureSessionFile, MAX_CAPTURE_BYTES } from "@/lib/services/identity-sessions/capture-session-file";

// The verification page's captures: the body is the image itself; the page's token is the permission.
// Each capture costs a second or so of OCR or face models: a budget per link and per address
// (a person retaking photos stays far below it).
export const POST = apiRoute({ auth: "none", params: z.object({ token: z.string(), kind: z.enum(SESSION_FILE_KINDS) }) }, async ({ params, req }) => {
  const ip = clientIp(req);
  if (ip) await rateLimit(`capture-ip:${ip}`, 40, 60_000);
  await rateLimit(`capture:${params.token}`, 20, 60_000);
  const bytes = await readBody(req, MAX_CAPTURE_BYTES, () => new AppError("PAYLOAD_TOO_LARGE", "La foto pesa más de 10 MB; tómala de nuevo con menor resolución."));
  return Response.json(await captureSessionFile(getDb(), params.token, params.kind, bytes));
});
