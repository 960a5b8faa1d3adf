import { getDb } from "@/lib/db/client";
import { isPlainOrigin } from "@/lib/schemas/plain-origin";
import { findSigningLinkEmbedding, type SigningLinkEmbedding } from "@/lib/services/signing/signing-link-embedding";
import { SIGNING_PAGE, UUID } from "./signing-page-throttle";

/**
 * How proxy.ts hands the signing page the embedding it already read for the CSP's frame-ancestors,
 * so the page does not read it again: on the request, like REQUEST_PATH_HEADER. proxy.ts always
 * removes what a client sent under this name before setting its own, so a page only ever sees
 * proxy's (a forged one would otherwise redirect the signer anywhere or post events to any origin).
 */
export const SIGNING_EMBEDDING_HEADER = "x-rubrica-signing-embedding";

/**
 * How this signing page may be embedded (proxy.ts writes frameAncestors into frame-ancestors);
 * null for anything that is not a signing page with a link id (its picture routes need none).
 */
export async function signingPageEmbedding(pathname: string): Promise<SigningLinkEmbedding | null> {
  const id = SIGNING_PAGE.exec(pathname)?.[1];
  if (!id || !UUID.test(id)) return null;
  const embedding = await findSigningLinkEmbedding(getDb(), id.toLowerCase());
  // As pagePolicy writes them: an origin stored before its check was strict frames nothing, and
  // proxy.ts then adds X-Frame-Options: DENY.
  return { ...embedding, frameAncestors: embedding.frameAncestors.filter(isPlainOrigin) };
}

/** The header's value: URI-encoded JSON (a redirect URL may hold characters a header cannot). */
export const embeddingHeaderValue = (embedding: SigningLinkEmbedding) => encodeURIComponent(JSON.stringify(embedding));

/** What proxy.ts set, as the page reads it; null when absent or not its shape. */
export function embeddingFromHeader(value: string | null): SigningLinkEmbedding | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(decodeURIComponent(value)) as Partial<SigningLinkEmbedding>;
    if (!Array.isArray(parsed.frameAncestors) || !parsed.frameAncestors.every((o) => typeof o === "string")) return null;
    return { frameAncestors: parsed.frameAncestors, redirectUrl: typeof parsed.redirectUrl === "string" ? parsed.redirectUrl : null };
  } catch {
    return null;
  }
}
