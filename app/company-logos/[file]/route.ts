import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { apiRoute } from "@/lib/http/api-route";
import { findLogoByHash } from "@/lib/services/company-profiles/find-company-profile";

// Not an API route: the company logos e-mails load (mail clients block data: images). The name is
// the PNG's SHA-256, so an address says nothing of whose logo it is, and its bytes never change.
const params = z.object({ file: z.string().regex(/^[0-9a-f]{64}\.png$/, "Must be a logo's address.") });

export const GET = apiRoute({ auth: "none", params }, async ({ params }) => {
  const png = await findLogoByHash(getDb(), params.file.slice(0, 64));
  if (!png) throw new AppError("NOT_FOUND", "No such logo.");
  return new Response(new Uint8Array(png), {
    headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff", "Content-Security-Policy": "default-src 'none'" },
  });
});
