import { z } from "zod";
import { brandColorSchema } from "./brand-color";

/** The largest logo file taken (the settings form checks it before sending, the service again). */
export const LOGO_MAX_BYTES = 512 * 1024;

/** The company profile's text fields as the settings form sends them ("" clears a field). */
export const companyProfileSchema = z.object({
  legalName: z.string().trim().max(200, "At most 200 characters."),
  brandColor: z.union([z.literal("").transform(() => null), brandColorSchema]),
});

export type CompanyProfileInput = z.output<typeof companyProfileSchema>;

/** How an account appears on the public pages and in e-mails (find-company-profile.ts). */
export type CompanyBrand = {
  name: string;
  /** Whether `name` is a legal name the account set (else it is the account holder's). */
  isCompany: boolean;
  /** A data: URI of the stored PNG, for the pages. */
  logo: string | null;
  logoSha256: string | null;
  color: string | null;
  textColor: string | null;
};

/** The brand in an e-mail's header: the logo by URL (mail clients block data: images). */
export type EmailBrand = { name: string; logoUrl: string | null; color: string | null; textColor: string | null };
