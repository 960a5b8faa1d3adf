import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { identitySessions, type IdentitySession } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { CompanyBrand } from "@/lib/schemas/company-profile";

export const FORM_NOT_FOUND = "Este enlace de verificación no existe. Pide a quien te lo envió un enlace nuevo.";

/**
 * The session behind a verification page link. The token is the page's bearer secret
 * (32 random bytes); anything else, well-formed or not, is simply not found.
 */
export async function sessionByFormToken(db: DbOrTx, token: string): Promise<IdentitySession> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new AppError("NOT_FOUND", FORM_NOT_FOUND);
  const [session] = await db.select().from(identitySessions).where(eq(identitySessions.formToken, token));
  if (!session) throw new AppError("NOT_FOUND", FORM_NOT_FOUND);
  return session;
}

/** The part of a session the page may see: no ids the integrator keeps, no evidence. */
export function formView(session: IdentitySession, now = new Date()) {
  return {
    status: session.status,
    expired: session.status === "OPEN" && session.expiresAt <= now,
    validations: session.validations,
    liveness: session.validations.includes("LIVENESS_DETECTION"),
    only_mobile_devices: session.onlyMobileDevices,
    branding: session.customBranding ?? {},
    redirect_url: session.redirectUrl,
    captured: Object.fromEntries(Object.entries(session.files).map(([kind, hash]) => [kind, Boolean(hash)])) as Record<string, boolean>,
  };
}
export type FormView = ReturnType<typeof formView>;

/**
 * The page's branding: what the integrator sent with the session, over its company profile's
 * logo and colour (company-profiles/), so a session created without branding still looks like
 * the company that asks.
 */
export function brandedView(view: FormView, company: CompanyBrand): FormView {
  const defaults = { ...(company.color ? { button_color: company.color, primary_color: company.color } : {}), ...(company.logo ? { logo: company.logo } : {}) };
  return { ...view, branding: { ...defaults, ...view.branding } };
}
