import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { signatories } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { createIdentitySession } from "@/lib/services/identity-sessions/create-identity-session";
import { signerSessions, signerVerification } from "./signer-verification";
import { assertLinkActive, linkStatus, loadSigningLink } from "./signing-link-state";

/**
 * A RUBRICA signer asks to verify their identity: an identity session (INE, CURP and liveness)
 * charged to the document's owner, which brings the signer back to the signing link when done.
 * Idempotent while a verification is open, running or passed: the same session is kept. A new
 * one is opened only after a failed or mismatched one, up to MAX_SIGNER_VERIFICATIONS. The
 * signatory's row is locked meanwhile, so two clicks at once open one session.
 */
export async function startSignerVerification(db: DbOrTx, signatoryId: string, context: { ip: string | null; now?: Date }): Promise<void> {
  const now = context.now ?? new Date();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${signatories} where ${signatories.id} = ${signatoryId} for update`);
    const link = await loadSigningLink(tx, signatoryId);
    assertLinkActive(linkStatus(link.signer, link.document, link.signers));
    if (!link.document.allowTypeSignatures.includes("RUBRICA")) {
      throw new AppError("CONFLICT", "This document does not accept signing with a verified identity (RUBRICA).");
    }
    const verification = signerVerification(link.signer, await signerSessions(tx, signatoryId), now);
    if (["OPEN", "VERIFYING", "VERIFIED"].includes(verification.state)) return;
    if (verification.attemptsLeft === 0) {
      throw new AppError("CONFLICT", "You have used every identity verification this link allows. Ask the document's owner to sign with e.firma instead, or to send you a new link.");
    }
    const session = await createIdentitySession(
      tx,
      { userId: link.document.ownerUserId },
      {
        validations: ["INE", "CURP", "LIVENESS_DETECTION"],
        redirect_url: `${env().APP_URL}/signature/sign-document/${signatoryId}`,
        webhook: null,
        with_webhook_binaries: false,
        only_mobile_devices: false,
        phone_number: null,
        optionals: null,
        custom_branding: null,
      },
      { apiVersion: 3, now, signatoryId },
    );
    await recordAuditEvent(tx, {
      actorUserId: null,
      action: "signature.identity_verification_started",
      subjectType: "signatory",
      subjectId: signatoryId,
      data: { documentId: link.document.id, sessionId: session.id },
      ip: context.ip,
    });
  });
}

