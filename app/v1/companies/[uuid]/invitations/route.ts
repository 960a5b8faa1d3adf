import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { folderInvitationJson } from "@/lib/http/folder-invitation-resources";
import { documentParams } from "@/lib/schemas/signing";
import { listFolderInvitations } from "@/lib/services/work-folders/list-folder-invitations";

export const GET = apiRoute({ auth: "apiKeyOrSession", params: documentParams }, async ({ actor, params }) => ({
  data: (await listFolderInvitations(getDb(), actor, params.uuid)).map(folderInvitationJson),
}));
