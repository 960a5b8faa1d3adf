import { getDb } from "@/lib/db/client";
import { findSigningLinkEmbedding } from "@/lib/services/signing/signing-link-embedding";
import { SIGNING_PAGE, UUID } from "./signing-page-throttle";

/**
 * The origins that may frame this signing page (proxy.ts writes them into frame-ancestors).
 * Only the page itself: its picture routes and anything that is not a link id need none.
 */
export async function signingPageFrameAncestors(pathname: string): Promise<string[]> {
  const id = SIGNING_PAGE.exec(pathname)?.[1];
  if (!id || !UUID.test(id)) return [];
  return (await findSigningLinkEmbedding(getDb(), id.toLowerCase())).frameAncestors;
}
