import nodeCrypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { signatories } from "@/lib/db/schema";
import { AppError, invalid } from "@/lib/errors";
import { CertificateRequestError, issueIdentityCertificate, readCertificateRequest } from "@/lib/crypto/identity-certificate";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { signerSessions, signerVerification } from "./signer-verification";
import { signingEnvironment } from "./signing-environment";
import { assertLinkActive, linkStatus, loadSigningLink } from "./signing-link-state";

const NOT_VERIFIED: Record<string, string> = {
  NOT_STARTED: "Verify your identity first.",
  OPEN: "Finish verifying your identity first.",
  VERIFYING: "Your identity is still being verified. Wait a moment.",
  FAILED: "Your identity could not be verified.",
  MISMATCH: "The verified identity is not the signatory's the owner named.",
};

/**
 * A verified RUBRICA signer's browser sends a certificate request for the key it just made; the
 * platform's identity CA certifies it for the verified name and CURP, for a few minutes. The
 * serial is kept on the signatory: only the newest such certificate may sign for them (a new
 * request, after a reload lost the key, replaces the old one).
 */
export async function issueSignerCertificate(db: DbOrTx, signatoryId: string, input: { csr: string }, context: { ip: string | null; now?: Date }) {
  const now = context.now ?? new Date();
  const link = await loadSigningLink(db, signatoryId);
  assertLinkActive(linkStatus(link.signer, link.document, link.signers));
  if (!link.document.allowTypeSignatures.includes("RUBRICA")) throw new AppError("CONFLICT", "This document does not accept signing with a verified identity (RUBRICA).");
  const verification = signerVerification(link.signer, await signerSessions(db, signatoryId), now);
  if (verification.state !== "VERIFIED" || !verification.person?.curp) throw new AppError("CONFLICT", NOT_VERIFIED[verification.state] ?? NOT_VERIFIED.FAILED!);

  let publicKey: CryptoKey;
  try {
    publicKey = await readCertificateRequest(new Uint8Array(Buffer.from(input.csr.replace(/\s/g, ""), "base64")));
  } catch (err) {
    if (err instanceof CertificateRequestError) throw invalid("csr", err.message);
    throw err;
  }
  const { platform } = await signingEnvironment();
  // 20 digits, as SAT's certificate numbers; the leading 9 keeps them apart from the seal's.
  const certificateNumber = `9${nodeCrypto.randomInt(1e9).toString().padStart(9, "0")}${nodeCrypto.randomInt(1e9).toString().padStart(9, "0")}${nodeCrypto.randomInt(10)}`;
  const certificate = await issueIdentityCertificate(platform.identity, {
    publicKey,
    name: verification.person.full_name,
    curp: verification.person.curp,
    certificateNumber,
    now,
  });
  const [kept] = await db
    .update(signatories)
    .set({ identityCertificateSerial: certificate.serialNumber.toUpperCase(), updatedAt: now })
    .where(and(eq(signatories.id, signatoryId), eq(signatories.signStatus, "PENDING")))
    .returning({ id: signatories.id });
  if (!kept) throw new AppError("CONFLICT", "This signature was already recorded, or the document changed meanwhile.");
  await recordAuditEvent(db, {
    actorUserId: null,
    action: "signature.identity_certificate_issued",
    subjectType: "signatory",
    subjectId: signatoryId,
    data: { documentId: link.document.id, sessionId: verification.session!.id, certificateNumber, notAfter: certificate.notAfter.toISOString() },
    ip: context.ip,
  });
  return {
    certificate: Buffer.from(certificate.rawData).toString("base64"),
    chain: [platform.identity.certificate, platform.root.certificate].map((c) => Buffer.from(c.rawData).toString("base64")),
    certificate_number: certificateNumber,
    expires_at: certificate.notAfter.toISOString(),
  };
}
