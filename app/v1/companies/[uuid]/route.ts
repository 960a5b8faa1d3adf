import { getDb } from "@/lib/db/client";
import { LOGO_BODY_LIMIT } from "@/lib/http/read-body";
import { apiRoute } from "@/lib/http/api-route";
import { companyResource, listEnvelope } from "@/lib/http/signing-resources";
import { createCompanyBody, documentParams } from "@/lib/schemas/signing";
import { findWorkFolder } from "@/lib/services/work-folders/find-work-folder";
import { deleteWorkFolder, updateWorkFolder } from "@/lib/services/work-folders/update-work-folder";

// The reference answers one folder in the list envelope, data holding the folder.
export const GET = apiRoute({ auth: "apiKeyOrSession", params: documentParams }, async ({ actor, params }) => {
  const { folder, role } = await findWorkFolder(getDb(), actor, params.uuid);
  return listEnvelope([companyResource(folder, role, actor)], { initialItem: 0, totalItems: 1 }, "/companies");
});

export const PATCH = apiRoute({ auth: "apiKeyOrSession", params: documentParams, body: createCompanyBody.partial(), bodyLimit: LOGO_BODY_LIMIT }, async ({ actor, params, body }) => {
  const folder = await updateWorkFolder(getDb(), actor, params.uuid, body);
  return listEnvelope([companyResource(folder, "owner", actor)], { initialItem: 0, totalItems: 1 }, "/companies");
});

export const DELETE = apiRoute({ auth: "apiKeyOrSession", params: documentParams }, async ({ actor, params }) => {
  await deleteWorkFolder(getDb(), actor, params.uuid);
  return new Response(null, { status: 204 });
});
