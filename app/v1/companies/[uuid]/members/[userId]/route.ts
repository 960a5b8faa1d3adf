import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { uuidParam } from "@/lib/schemas/common";
import { removeFolderMember } from "@/lib/services/work-folders/folder-members";

export const DELETE = apiRoute({ auth: "apiKeyOrSession", params: z.object({ uuid: uuidParam, userId: uuidParam }) }, async ({ actor, params }) => {
  await removeFolderMember(getDb(), actor, params.uuid, params.userId);
  return new Response(null, { status: 204 });
});
