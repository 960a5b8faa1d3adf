import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { attachment } from "@/lib/http/signing-resources";
import { documentParams } from "@/lib/schemas/signing";
import { readDocumentPdf } from "@/lib/services/documents/read-document-files";

export const GET = apiRoute({ auth: "apiKeyOrSession", params: documentParams }, async ({ actor, params, req }) => {
  const pdf = await readDocumentPdf(getDb(), actor, params.uuid);
  const inline = new URL(req.url).searchParams.get("disposition") === "inline";
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.bytes.byteLength),
      "Content-Disposition": inline ? attachment(pdf.fileName).replace(/^attachment/, "inline") : attachment(pdf.fileName),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
