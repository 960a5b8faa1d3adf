import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { apiRoute } from "@/lib/http/api-route";
import { clientIp, limitSigningRequest } from "@/lib/http/rate-limit";
import { uuidParam } from "@/lib/schemas/common";
import { PAGE_IMAGE_WIDTHS, type PageImageWidth } from "@/lib/schemas/page-images";
import { signingPageImage } from "@/lib/services/signing/signing-page-images";

// Not an API route: the pictures the signing page shows (its <img> srcset), beside that page.
const params = z.object({ signatureId: uuidParam, page: z.coerce.number({ error: "Must be a page number." }).int().min(1).max(100_000) });
const query = z.object({
  w: z.coerce
    .number()
    .refine((w): w is PageImageWidth => (PAGE_IMAGE_WIDTHS as readonly number[]).includes(w), `Must be one of ${PAGE_IMAGE_WIDTHS.join(", ")}.`)
    .default(820),
});

const limit = (req: Request, p: { signatureId: string }) => limitSigningRequest("pageImage", p.signatureId, clientIp(req));

// Issue 63: the engine's queue for pictures is full (a flood), or the file was given up.
const PICTURES_BUSY = "The server is drawing too many pages right now; try again in a few seconds.";
const UNRENDERABLE = "This document cannot be shown as pictures on this server; open the PDF instead.";
const RETRY_AFTER_SECONDS = "5";

export const GET = apiRoute({ auth: "none", params, query, limit }, async ({ params, query, req }) => {
  // req.signal: a picture whose client left is taken out of the engine's queue, or stopped.
  const picture = await signingPageImage(getDb(), params.signatureId, params.page, query.w as PageImageWidth, { ip: clientIp(req), signal: req.signal });
  if (!picture.ok) {
    if (picture.problem === "not-found" || picture.problem === "no-page") throw new AppError("NOT_FOUND", "This document has no such page, or this link no longer shows it.");
    if (picture.problem === "busy" || picture.problem === "aborted") throw new AppError("UNAVAILABLE", PICTURES_BUSY, undefined, { "Retry-After": RETRY_AFTER_SECONDS });
    if (picture.problem === "unrenderable") throw new AppError("INVALID", UNRENDERABLE);
    // The page shows the PDF itself instead (its <img> fails over to the browser's viewer).
    throw new AppError("INVALID", "This page cannot be drawn as a picture within this server's limits; open the PDF instead.");
  }
  return new Response(new Uint8Array(picture.png), {
    // private: the link is a secret; a few minutes: scrolling back and zooming out need no new request.
    headers: { "Content-Type": "image/png", "Cache-Control": "private, max-age=600", "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff" },
  });
});
