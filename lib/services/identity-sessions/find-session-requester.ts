import type { DbOrTx } from "@/lib/db/client";
import type { IdentitySession } from "@/lib/db/schema";
import { findCompanyBrand } from "@/lib/services/company-profiles/find-company-profile";

/**
 * Who asks the person to verify: the integrator, i.e. the account that created the session (its
 * company's legal name from Ajustes, else the account's name). The verification page names it,
 * and the privacy notice makes it the responsible party of the verification, with the
 * installation's operator as its processor.
 */
export async function findSessionRequester(db: DbOrTx, session: Pick<IdentitySession, "userId">): Promise<string> {
  // The session cascades away with its owner, so the owner is always there; the name is never empty (sign-up requires it).
  return (await findCompanyBrand(db, session.userId)).name;
}
