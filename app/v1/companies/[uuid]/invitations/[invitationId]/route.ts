import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { uuidParam } from "@/lib/schemas/common";
import { withdrawFolderInvitation } from "@/lib/services/work-folders/answer-folder-invitation";

export const DELETE = apiRoute({ auth: "apiKeyOrSession", params: z.object({ uuid: uuidParam, invitationId: uuidParam }) }, async ({ actor, params }) => {
  await withdrawFolderInvitation(getDb(), actor, params.uuid, params.invitationId);
  return new Response(null, { status: 204 });
});
