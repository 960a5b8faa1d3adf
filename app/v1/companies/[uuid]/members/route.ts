import { getDb } from "@/lib/db/client";
import { apiRoute, json } from "@/lib/http/api-route";
import { documentParams, inviteMemberBody } from "@/lib/schemas/signing";
import { inviteFolderMember, listFolderMembers } from "@/lib/services/work-folders/folder-members";

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

export const POST = apiRoute({ auth: "apiKeyOrSession", params: documentParams, body: inviteMemberBody }, async ({ actor, params, body }) =>
  json({ data: memberJson(await inviteFolderMember(getDb(), actor, params.uuid, body.email)) }, 201),
);
