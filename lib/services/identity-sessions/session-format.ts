import type { IdentitySession } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { isoWithOffset } from "@/lib/services/validations/validation-format";
import { sessionFileLinks } from "./session-files";

/** The verification page's address: its own token, so knowing the session uuid opens nothing. */
export function verificationUrl(session: Pick<IdentitySession, "formToken">): string {
  return `${env().APP_URL}/identity/verify/${session.formToken}`;
}

/** Operation 9's flat session object (version 3). */
export function sessionV3(session: IdentitySession) {
  return {
    uuid: session.id,
    status: session.status,
    created_at: isoWithOffset(session.createdAt),
    updated_at: isoWithOffset(session.updatedAt),
    verification_url: verificationUrl(session),
    webhook: session.webhook,
    with_webhook_binaries: session.withWebhookBinaries,
    custom_branding: session.customBranding,
    redirect_url: session.redirectUrl,
    result: session.result,
  };
}

export type SessionInclude = "ine" | "renapo" | "files";

/**
 * Version 2's session object. The card data, OCR, cross-checks and registry answers are null
 * until the checks job fills them; `include` adds the voter roll (ine) and RENAPO answers and
 * the captured images as signed links valid for an hour.
 */
export function sessionV2(session: IdentitySession, include: SessionInclude[] = []) {
  return {
    object: "identity_session" as const,
    id: session.id,
    status: session.status,
    result: session.result,
    validations: session.validations,
    optionals: session.optionals,
    only_mobile_devices: session.onlyMobileDevices,
    redirect_url: session.redirectUrl,
    webhook: session.webhook,
    form_url: verificationUrl(session),
    created_at: isoWithOffset(session.createdAt),
    updated_at: isoWithOffset(session.updatedAt),
    document_data: session.documentData,
    ocr: session.ocr,
    // Sessions checked before numero_emision_match existed answer it as not compared.
    verifications: session.verifications ? { numero_emision_match: null, ...session.verifications } : null,
    ...(include.includes("ine") ? { ine: session.ine } : {}),
    ...(include.includes("renapo") ? { renapo: session.renapo } : {}),
    ...(include.includes("files") ? { files: sessionFileLinks(session) } : {}),
  };
}
