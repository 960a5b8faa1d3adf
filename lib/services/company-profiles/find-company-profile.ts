import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { companyProfiles, documents, signatories, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { readableOn } from "@/lib/schemas/brand-color";
import type { CompanyBrand, EmailBrand } from "@/lib/schemas/company-profile";

/** The profile as the settings form edits it: empty fields when the account never set one. */
export async function findCompanyProfile(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(companyProfiles).where(eq(companyProfiles.userId, userId));
  return { legalName: row?.legalName ?? "", logo: row?.logoPng ? `data:image/png;base64,${row.logoPng}` : null, brandColor: row?.brandColor ?? null };
}

/**
 * How an account appears to the people it writes to: its company's legal name (else the account
 * holder's name), logo and colour with the text colour that reads on it. Only `userId`'s own row
 * is ever read: each document and session carries its owner's id, never a profile's.
 */
export async function findCompanyBrand(db: DbOrTx, userId: string): Promise<CompanyBrand> {
  const [row] = await db.select(brandColumns).from(users).leftJoin(companyProfiles, brandJoin).where(eq(users.id, userId));
  return brandOf(row);
}

const brandColumns = { accountName: users.name, legalName: companyProfiles.legalName, logoPng: companyProfiles.logoPng, logoSha256: companyProfiles.logoSha256, brandColor: companyProfiles.brandColor };

function brandOf(row: { accountName: string; legalName: string | null; logoPng: string | null; logoSha256: string | null; brandColor: string | null } | undefined): CompanyBrand {
  const color = row?.brandColor ?? null;
  return {
    name: row?.legalName?.trim() || row?.accountName.trim() || "",
    isCompany: Boolean(row?.legalName?.trim()),
    logo: row?.logoPng ? `data:image/png;base64,${row.logoPng}` : null,
    logoSha256: row?.logoSha256 ?? null,
    color,
    textColor: color ? readableOn(color) : null,
  };
}

/**
 * The name people are shown for an account, inside a query that joins `users` and left-joins
 * `company_profiles` on it (brandJoin): the legal name when set, else the account holder's.
 */
export const brandNameSql = sql<string>`coalesce(nullif(trim(${companyProfiles.legalName}), ''), ${users.name})`;
export const brandJoin = eq(companyProfiles.userId, users.id);

/** Where an e-mail loads a logo from: its content hash, so a new logo is a new address. */
export const logoUrl = (sha256: string) => `${env().APP_URL}/company-logos/${sha256}.png`;

/** The brand as an e-mail header draws it (lib/messages/render.ts). */
export async function findEmailBrand(db: DbOrTx, userId: string): Promise<EmailBrand> {
  const brand = await findCompanyBrand(db, userId);
  return { name: brand.name, logoUrl: brand.logoSha256 ? logoUrl(brand.logoSha256) : null, color: brand.color, textColor: brand.textColor };
}

/** A stored logo by its hash, for e-mails; null when no profile has it. */
export async function findLogoByHash(db: DbOrTx, sha256: string): Promise<Buffer | null> {
  if (!/^[0-9a-f]{64}$/.test(sha256)) return null;
  const [row] = await db.select({ png: companyProfiles.logoPng }).from(companyProfiles).where(eq(companyProfiles.logoSha256, sha256)).limit(1);
  return row?.png ? Buffer.from(row.png, "base64") : null;
}

/** The brand of the document a signing link belongs to (its owner's); null for an unknown link. */
export async function findSigningLinkBrand(db: DbOrTx, signatoryId: string): Promise<CompanyBrand | null> {
  // One query from the link to the owner's profile: the signing page's first byte waits for it.
  const [row] = await db
    .select(brandColumns)
    .from(signatories)
    .innerJoin(documents, eq(documents.id, signatories.documentId))
    .innerJoin(users, eq(users.id, documents.ownerUserId))
    .leftJoin(companyProfiles, brandJoin)
    .where(eq(signatories.id, signatoryId));
  return row ? brandOf(row) : null;
}
