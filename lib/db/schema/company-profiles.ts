import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * How an account presents itself to the people it sends documents and verifications to: its
 * company's legal name, logo and colour, shown on the public signing and verification pages and
 * in the e-mails to signers and persons instead of the account holder's personal name. One row
 * per account at most; no row (or empty fields) means the account's own name and Rúbrica's look.
 */
export const companyProfiles = pgTable("company_profiles", {
  userId: uuid("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  /** "" when not set: the account holder's name is used. */
  legalName: text("legal_name").notNull().default(""),
  /** The logo as Base64 of a PNG this server drew (never the uploaded bytes); null when none. */
  logoPng: text("logo_png"),
  /** SHA-256 (hex) of the logo's PNG: its public address in e-mails, changing with the logo. */
  logoSha256: text("logo_sha256"),
  /** #rrggbb; null for Rúbrica's own. Text on it is black or white, whichever contrasts more. */
  brandColor: text("brand_color"),
  updatedAt: timestamp("updated_at", { precision: 6, withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("company_profiles_logo_idx").on(t.logoSha256)]);

export type CompanyProfile = typeof companyProfiles.$inferSelect;
