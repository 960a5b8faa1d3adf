import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { apiKeys, documents, signatories } from "@/lib/db/schema";

export type SigningLinkEmbedding = {
  /** Origins whose pages may frame this link (CSP frame-ancestors) and receive its events. */
  frameAncestors: string[];
  /** Where the unframed page sends the signer after signing or rejecting: the signer's, else the document's. */
  redirectUrl: string | null;
};

const NONE: SigningLinkEmbedding = { frameAncestors: [], redirectUrl: null };

/**
 * How a signing link may be embedded. The origins are those of the API key that created the
 * document, read now (a key's list changed later applies to its documents at once); a document
 * made from the dashboard, or by a key since revoked, cannot be framed anywhere. So one
 * account's origins never reach another account's documents: the key is the document's own.
 * An unknown link gets nothing (the page then answers 404).
 */
export async function findSigningLinkEmbedding(db: DbOrTx, signatoryId: string): Promise<SigningLinkEmbedding> {
  const [row] = await db
    .select({ origins: apiKeys.embedOrigins, signerRedirect: signatories.redirectUrl, documentRedirect: documents.redirectUrl })
    .from(signatories)
    .innerJoin(documents, eq(documents.id, signatories.documentId))
    .leftJoin(apiKeys, and(eq(apiKeys.id, documents.apiKeyId), isNull(apiKeys.revokedAt)))
    .where(eq(signatories.id, signatoryId));
  if (!row) return NONE;
  return { frameAncestors: row.origins ?? [], redirectUrl: row.signerRedirect ?? row.documentRedirect };
}
