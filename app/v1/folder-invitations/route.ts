import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { invitationToMeJson } from "@/lib/http/folder-invitation-resources";
import { listMyFolderInvitations } from "@/lib/services/work-folders/list-folder-invitations";

export const GET = apiRoute({ auth: "apiKeyOrSession" }, async ({ actor }) => ({
  data: (await listMyFolderInvitations(getDb(), actor)).map(invitationToMeJson),
}));
