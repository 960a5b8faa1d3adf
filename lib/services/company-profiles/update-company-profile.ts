import type { DbOrTx } from "@/lib/db/client";
import { companyProfiles } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import type { CompanyProfileInput } from "@/lib/schemas/company-profile";
import { boundedLogo } from "./company-logo";

/**
 * The actor's own company profile (never another account's: the row's key is the actor's id).
 * `logo`: new bytes to store (redrawn, company-logo.ts), null to remove it, undefined to keep it.
 */
export async function updateCompanyProfile(db: DbOrTx, actor: Actor, input: CompanyProfileInput & { logo?: Uint8Array | null }): Promise<void> {
  const logo = input.logo ? await boundedLogo(input.logo) : input.logo;
  const fields = {
    legalName: input.legalName,
    brandColor: input.brandColor,
    ...(logo === undefined ? {} : { logoPng: logo?.png ?? null, logoSha256: logo?.sha256 ?? null }),
    updatedAt: new Date(),
  };
  await db.insert(companyProfiles).values({ userId: actor.userId, ...fields }).onConflictDoUpdate({ target: companyProfiles.userId, set: fields });
  await recordAuditEvent(db, { actorUserId: actor.userId, action: "company_profile.updated", subjectType: "user", subjectId: actor.userId, data: { logo: logo === undefined ? "kept" : logo ? "replaced" : "removed" } });
}
