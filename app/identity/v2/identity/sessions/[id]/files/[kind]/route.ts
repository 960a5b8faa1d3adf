import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { SESSION_FILE_KINDS } from "@/lib/db/schema";
import { apiRoute } from "@/lib/http/api-route";
import { receiptPdfQuery } from "@/lib/schemas/validations";
import { readSessionFile } from "@/lib/services/identity-sessions/session-files";

// No API key: the signed link (expires + signature) is the permission.
export const GET = apiRoute({ auth: "none", params: z.object({ id: z.string(), kind: z.enum(SESSION_FILE_KINDS) }), query: receiptPdfQuery }, async ({ params, query }) => {
  const file = await readSessionFile(getDb(), params.id, params.kind, query);
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.byteLength),
      "Cache-Control": "private, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
