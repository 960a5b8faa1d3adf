import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { formView, sessionByFormToken } from "@/lib/services/identity-sessions/verification-form";

// The page polls this while the checks run.
export const GET = apiRoute({ auth: "none", params: z.object({ token: z.string() }) }, async ({ params }) => {
  const view = formView(await sessionByFormToken(getDb(), params.token));
  return Response.json(view, { headers: { "Cache-Control": "no-store" } });
});
