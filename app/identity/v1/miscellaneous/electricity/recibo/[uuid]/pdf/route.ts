import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { attachment } from "@/lib/http/signing-resources";
import { receiptPdfQuery } from "@/lib/schemas/validations";
import { readReceiptPdf } from "@/lib/services/validations/read-receipt-pdf";

// No API key: the signed link (expires + signature) is the permission.
export const GET = apiRoute({ auth: "none", params: z.object({ uuid: z.string() }), query: receiptPdfQuery }, async ({ params, query }) => {
  const pdf = await readReceiptPdf(getDb(), params.uuid, query);
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.bytes.byteLength),
      "Content-Disposition": attachment(pdf.fileName),
      "Cache-Control": "private, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
