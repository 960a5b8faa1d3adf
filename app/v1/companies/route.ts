import { getDb } from "@/lib/db/client";
import { LOGO_BODY_LIMIT } from "@/lib/http/read-body";
import { apiRoute, json } from "@/lib/http/api-route";
import { companyResource, listEnvelope } from "@/lib/http/signing-resources";
import { companiesQuery, createCompanyBody } from "@/lib/schemas/signing";
import { createWorkFolder } from "@/lib/services/work-folders/create-work-folder";
import { listWorkFolders } from "@/lib/services/work-folders/list-work-folders";

export const GET = apiRoute({ auth: "apiKeyOrSession", query: companiesQuery }, async ({ actor, query }) => {
  const [field, direction] = (query["pageable.sort"] ?? "").toLowerCase().split(",");
  const page = await listWorkFolders(getDb(), actor, {
    role: query.role === "ROLE_OWNER" ? "owner" : query.role === "ROLE_INVITED" ? "invited" : undefined,
    page: query["pageable.page"] ?? 0,
    size: query["pageable.size"] ?? 20,
    sort: field ? { field: field as "name" | "created_at" | "updated_at", direction: direction === "desc" ? "desc" : "asc" } : undefined,
  });
  return listEnvelope(page.items.map((r) => companyResource(r.folder, r.role, actor)), page, "/companies");
});

export const POST = apiRoute({ auth: "apiKeyOrSession", body: createCompanyBody, bodyLimit: LOGO_BODY_LIMIT }, async ({ actor, body }) => {
  const folder = await createWorkFolder(getDb(), actor, body);
  return json(listEnvelope([companyResource(folder, "owner", actor)], { initialItem: 0, totalItems: 1 }, "/companies"), 201);
});
