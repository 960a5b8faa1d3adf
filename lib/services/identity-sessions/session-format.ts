import type { IdentitySession } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { isoWithOffset } from "@/lib/services/validations/validation-format";

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
