import crypto from "node:crypto";
import type { z } from "zod";
import type { DbOrTx } from "@/lib/db/client";
import { identitySessions, type IdentitySession } from "@/lib/db/schema";
import { env } from "@/lib/env";
import type { createSessionV2Body, createSessionV3Body } from "@/lib/schemas/identity-sessions";
import { LIVENESS_CHALLENGE } from "@/lib/schemas/liveness-challenge";
import type { Actor } from "@/lib/services/actor";
import { findEmailBrand } from "@/lib/services/company-profiles/find-company-profile";
import { sendMessage } from "@/lib/services/messages/send-message";
import { spendTransaction } from "@/lib/services/quota/spend-transaction";
import { verificationUrl } from "./session-format";

/**
 * Opens an identity verification session: spends one transaction of the user, records the
 * session with its own page token, and sends the link by WhatsApp when a phone was given, all in
 * one transaction (a refused creation spends nothing and sends nothing).
 */
export async function createIdentitySession(
  db: DbOrTx,
  // Only the user charged and owning the session: a signer's RUBRICA session is the document owner's.
  actor: Pick<Actor, "userId">,
  input: z.output<typeof createSessionV3Body> | z.output<typeof createSessionV2Body>,
  options: { apiVersion: 2 | 3; now?: Date; signatoryId?: string } = { apiVersion: 3 },
): Promise<IdentitySession> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await spendTransaction(tx, actor.userId);
    const [session] = await tx
      .insert(identitySessions)
      .values({
        userId: actor.userId,
        validations: input.validations,
        redirectUrl: input.redirect_url,
        webhook: input.webhook,
        withWebhookBinaries: input.with_webhook_binaries,
        onlyMobileDevices: input.only_mobile_devices,
        phoneNumber: input.phone_number,
        optionals: input.optionals,
        customBranding: input.custom_branding,
        apiVersion: options.apiVersion,
        // 32 random bytes: the page's bearer secret, never derived from the uuid.
        formToken: crypto.randomBytes(32).toString("base64url"),
        expiresAt: new Date(now.getTime() + env().SESSION_TTL_HOURS * 3_600_000),
        livenessChallenge: input.validations.includes("LIVENESS_DETECTION") ? LIVENESS_CHALLENGE : null,
        signatoryId: options.signatoryId ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (input.phone_number) {
      const brand = await findEmailBrand(tx, actor.userId);
      await sendMessage(tx, {
        userId: actor.userId,
        channel: "whatsapp",
        // WhatsApp wants the international number: Mexico's country code before the 10 digits.
        to: `+52${input.phone_number}`,
        template: "identity-verification",
        locale: "es",
        params: { requesterName: brand.name || "Rúbrica", verificationUrl: verificationUrl(session!), brand },
      });
    }
    return session!;
  });
}
