import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { attachment } from "@/lib/http/signing-resources";
import { documentParams } from "@/lib/schemas/signing";
import { readDocumentXml } from "@/lib/services/documents/read-document-files";

export const GET = apiRoute({ auth: "apiKeyOrSession", params: documentParams }, async ({ actor, params }) => {
  const record = await readDocumentXml(getDb(), actor, params.uuid);
  return new Response(record.xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Content-Disposition": attachment(record.fileName), "Cache-Control": "private, no-store" },
  });
});
