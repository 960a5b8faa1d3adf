import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { templateResource } from "@/lib/http/template-resources";
import { templateParams } from "@/lib/schemas/templates";
import { deleteTemplate } from "@/lib/services/templates/delete-template";
import { findTemplate } from "@/lib/services/templates/find-template";

export const GET = apiRoute({ auth: "apiKeyOrSession", params: templateParams }, async ({ actor, params }) => ({ data: templateResource(await findTemplate(getDb(), actor, params.id)) }));

export const DELETE = apiRoute({ auth: "apiKeyOrSession", params: templateParams }, async ({ actor, params }) => {
  await deleteTemplate(getDb(), actor, params.id);
  return new Response(null, { status: 204 });
});
