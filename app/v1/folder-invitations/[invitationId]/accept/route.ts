import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { invitationParams } from "@/lib/schemas/signing";
import { answerFolderInvitation } from "@/lib/services/work-folders/answer-folder-invitation";

export const POST = apiRoute({ auth: "apiKeyOrSession", params: invitationParams }, async ({ actor, params }) => ({
  data: { company_id: (await answerFolderInvitation(getDb(), actor, params.invitationId, "accept")).folderId },
}));
