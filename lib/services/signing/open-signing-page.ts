import type { DbOrTx } from "@/lib/db/client";
import { findSigningLinkBrand } from "@/lib/services/company-profiles/find-company-profile";
import { loadSigningLink } from "./signing-link-state";
import { signingPageSizes } from "./signing-page-images";
import { viewOfSigningLink } from "./view-signing-link";

/**
 * Everything the signer's page shows, from one load of the link: its view (the view recorded
 * after the answer), the pages' proportions (so the first picture comes with the HTML in space of
 * its size) and who sends it, as their company. The brand is read beside the link, not after it:
 * the page's first byte waits for the slower of the two, not their sum. NOT_FOUND for an unknown link.
 */
export async function openSigningPage(db: DbOrTx, signatoryId: string, context: { ip: string | null }) {
  const [link, brand] = await Promise.all([loadSigningLink(db, signatoryId), findSigningLinkBrand(db, signatoryId)]);
  const [view, pageSizes] = await Promise.all([viewOfSigningLink(db, link, { ip: context.ip, recordLater: true }), signingPageSizes(link)]);
  return { view, pageSizes, brand };
}
