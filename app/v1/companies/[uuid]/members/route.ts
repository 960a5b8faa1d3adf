import { getDb } from "@/lib/db/client";
import { apiRoute, json } from "@/lib/http/api-route";
import { folderInvitationJson } from "@/lib/http/folder-invitation-resources";
import { documentParams, inviteMemberBody } from "@/lib/schemas/signing";
import { listFolderMembers } from "@/lib/services/work-folders/folder-members";
import { inviteToFolder } from "@/lib/services/work-folders/invite-to-folder";

const memberJson = (m: { userId: string; name: string; email: string; role: "owner" | "invited" }) => ({
  user_id: m.userId,
  name: m.name,
  email: m.email,
  roleKey: m.role,
  role: m.role === "owner" ? "ROLE_OWNER" : "ROLE_INVITED",
});

export const GET = apiRoute({ auth: "apiKeyOrSession", params: documentParams }, async ({ actor, params }) => ({
  data: (await listFolderMembers(getDb(), actor, params.uuid)).map(memberJson),
}));

// 202: an invitation waits for the person to accept it; the answer is the same for any address.
export const POST = apiRoute({ auth: "apiKeyOrSession", params: documentParams, body: inviteMemberBody }, async ({ actor, params, body }) =>
  json({ data: folderInvitationJson(await inviteToFolder(getDb(), actor, params.uuid, body.email)) }, 202),
);
