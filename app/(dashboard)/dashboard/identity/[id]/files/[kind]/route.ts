import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { readSessionFileForReview } from "@/lib/services/identity-sessions/read-session-file-for-review";

/**
 * A session's captured image for the review page, with the dashboard's cookie: the service
 * answers only to someone who may review the session. Not part of the API (no key), so it lives
 * beside the page that shows it.
 */
export const GET = apiRoute({ auth: "session", params: z.object({ id: z.string(), kind: z.string() }) }, async ({ actor, params }) => {
  const file = await readSessionFileForReview(getDb(), actor, params.id, params.kind);
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": `${file.inline ? "inline" : "attachment"}; filename="${file.fileName}"`,
      // Personal data: kept by this browser only, briefly, and never by a shared cache.
      "Cache-Control": "private, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
