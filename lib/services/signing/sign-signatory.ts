import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { documents, signatories, storedFiles, type SignatureType } from "@/lib/db/schema";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { certificateIdentity, isSatSealCertificate, type CertificateIdentity } from "@/lib/crypto/certificate-identity";
import { checkCertificateTrust, type TrustCheck } from "@/lib/crypto/certificate-trust";
import { verifyDetachedCms, type CmsCheck } from "@/lib/crypto/cms-signature";
import { readTimestampToken } from "@/lib/crypto/timestamp-token";
import { AppError, invalid } from "@/lib/errors";
import { enqueue } from "@/lib/jobs/queue";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { emitSigningEvent } from "@/lib/services/webhooks/emit-signing-event";
import { boundedAutograph } from "./autograph-image";
import { assertLinkActive, linkStatus, loadSigningLink } from "./signing-link-state";
import { signingEnvironment } from "./signing-environment";

export type SignInput = { type: SignatureType; certificate: string; signature: string; autograph?: string | null };

const CMS_PROBLEM: Record<Exclude<CmsCheck, { ok: true }>["reason"], string> = {
  malformed: "The signature could not be read. Sign again from this page.",
  "no-certificate": "The signature does not carry your certificate. Sign again from this page.",
  "digest-mismatch": "The signature is not over this document. Sign again from this page.",
  "bad-signature": "The signature does not match the certificate: the .key file is probably not this certificate's.",
  "certificate-binding": "The signature names another certificate than the one sent.",
};

const TRUST_PROBLEM: Record<Exclude<TrustCheck, { ok: true }>["reason"], (type: string) => string> = {
  untrusted: (type) => `The certificate was not issued by an authority trusted for ${type}.`,
  expired: (type) => (type === "RUBRICA" ? "Your verified-identity certificate expired (it lasts 15 minutes). Sign again from this page." : "The certificate has expired. Renew it with its authority (for e.firma, the SAT)."),
  "not-yet-valid": () => "The certificate is not valid yet.",
  "key-usage": () => "This certificate is not for signing (it may be a seal or encryption certificate).",
  "not-a-ca": (type) => `The certificate was not issued by an authority trusted for ${type}.`,
  "bad-chain-signature": (type) => `The certificate was not issued by an authority trusted for ${type}.`,
};

// SAT issues a CSD to stamp invoices (CFDI) only; a contract is signed with the e.firma. Said
// before trust and expiry: renewing a CSD would not help, so that is the first thing to hear.
export const SEAL_CERTIFICATE_PROBLEM =
  "This is a digital seal certificate (CSD), which the SAT issues only for invoicing. To sign, use your e.firma (FIEL): its .cer and .key are the ones you got from the SAT for your tax procedures, not the invoicing ones.";

/**
 * A signer signs with their national certificate. Everything is checked before the state
 * changes: the CMS over the document's original hash, the certificate (trusted for the type,
 * valid now, for signing, not revoked, the RFC the owner asked for), then a timestamp is taken
 * over the signature value. The PENDING → SIGNED change is one conditional UPDATE: of any
 * number of concurrent attempts, exactly one wins; the others get 409.
 */
export async function signSignatory(db: DbOrTx, signatoryId: string, input: SignInput, context: { ip: string | null }): Promise<void> {
  const link = await loadSigningLink(db, signatoryId);
  assertLinkActive(linkStatus(link.signer, link.document, link.signers));
  if (!link.document.allowTypeSignatures.includes(input.type)) {
    throw invalid("type", `This document accepts ${link.document.allowTypeSignatures.join(", ")}.`);
  }

  // The drawing first: a hostile one is refused from its header before any signature work.
  const autograph = input.autograph ? await readAutograph(input.autograph) : null;
  const certificateDer = decodeBase64(input.certificate, "certificate");
  const cmsDer = decodeBase64(input.signature, "signature");
  let certificate: x509.X509Certificate;
  try {
    certificate = new x509.X509Certificate(certificateDer as BufferSource);
  } catch {
    throw invalid("certificate", "This is not a certificate (.cer) file.");
  }
  const cms = await verifyDetachedCms(cmsDer, Buffer.from(link.document.originalHash, "hex"));
  if (!cms.ok) throw invalid("signature", CMS_PROBLEM[cms.reason]);
  if (!Buffer.from(cms.certificateDer).equals(Buffer.from(certificateDer))) throw invalid("certificate", "The signature was made with another certificate than the one sent.");

  if (input.type === "EFIRMA" && isSatSealCertificate(certificateDer)) throw invalid("certificate", SEAL_CERTIFICATE_PROBLEM);

  const environment = await signingEnvironment();
  const now = new Date();
  const trust = await checkCertificateTrust(certificateDer, environment.trust(input.type), now);
  if (!trust.ok) throw invalid("certificate", TRUST_PROBLEM[trust.reason](input.type));
  if (input.type === "RUBRICA") {
    // Short-lived and bound to this signer: only the certificate last issued to them after their
    // verification (issue-signer-certificate.ts); there is no revocation to ask about.
    if (!link.signer.identityCertificateSerial || certificate.serialNumber.toUpperCase() !== link.signer.identityCertificateSerial) {
      throw invalid("certificate", "This certificate was not issued to you for this signature. Verify your identity and sign again from this page.");
    }
  } else {
    const revocation = await environment.revocation.check(certificate, trust.chain[1]!, input.type);
    if (revocation.status === "revoked") throw invalid("certificate", "The certificate has been revoked by its authority.");
    if (revocation.status === "unknown") throw new AppError("UNAVAILABLE", "We could not check with the certificate's authority whether it is revoked. Try again in a few minutes.");
  }

  const identity = certificateIdentity(certificateDer);
  // A RUBRICA certificate was issued only once the verified person matched this signatory.
  if (input.type !== "RUBRICA") assertAskedHolder(identity, link.signer);
  const signatureImprint = new Uint8Array(await crypto.subtle.digest("SHA-256", cms.signatureValue.slice().buffer as ArrayBuffer));
  const token = await environment.timestamps.stamp(signatureImprint);
  const stamped = readTimestampToken(token);
  const autographHash = autograph ? await storeAutograph(db, autograph) : null;

  await db.transaction(async (tx) => {
    const [signed] = await tx
      .update(signatories)
      .set({
        signStatus: "SIGNED",
        signatureType: input.type,
        certificate: Buffer.from(certificateDer).toString("base64"),
        signature: Buffer.from(cmsDer).toString("base64"),
        certificateSerialNumber: identity.certificateNumber,
        certificateIssuerName: identity.issuerName,
        certificateName: identity.name,
        rfc: identity.rfc ?? link.signer.rfc,
        curp: identity.curp,
        representativeRfc: identity.representative?.rfc ?? null,
        representativeCurp: identity.representative?.curp ?? null,
        signedAt: now,
        signedIp: context.ip,
        autographHash,
        nextReminderAt: null,
        timestamp: {
          type: "timestamps",
          token: Buffer.from(token).toString("base64"),
          gen_time: stamped.genTime.toISOString(),
          serial_number: stamped.serialNumber,
          tsa: environment.timestamps.authority,
          hash_algorithm: stamped.hashAlgorithm,
          message_imprint: stamped.messageImprint,
        },
        updatedAt: now,
      })
      .where(
        and(
          eq(signatories.id, signatoryId),
          eq(signatories.signStatus, "PENDING"),
          isNull(signatories.removedAt),
          sql`exists (select 1 from ${documents} where ${documents.id} = ${signatories.documentId} and ${documents.signStatus} = 1)`,
        ),
      )
      .returning({ id: signatories.id });
    if (!signed) throw new AppError("CONFLICT", "This signature was already recorded, or the document changed meanwhile.");
    await recordAuditEvent(tx, {
      actorUserId: null,
      action: "signature.signed",
      subjectType: "signatory",
      subjectId: signatoryId,
      data: { documentId: link.document.id, type: input.type, certificateNumber: identity.certificateNumber, rfc: identity.rfc },
      ip: context.ip,
    });
    await emitSigningEvent(tx, link.document.id, "signature.signed", {
      signature: { id: signatoryId, name: link.signer.name, certificate_name: identity.name, rfc: identity.rfc ?? link.signer.rfc, curp: identity.curp, type: input.type, certificate_serial_number: identity.certificateNumber, certificate_issuer_name: identity.issuerName, signed_at: now.toISOString() },
    });
    const [{ pending }] = (await tx.execute(
      sql`select count(*)::int as pending from ${signatories} where ${signatories.documentId} = ${link.document.id} and ${signatories.removedAt} is null and ${signatories.signStatus} <> 'SIGNED'`,
    )) as unknown as [{ pending: number }];
    if (pending === 0) await enqueue("seal-document", { documentId: link.document.id }, { singletonKey: link.document.id }, tx);
    else if (link.document.signatureOrdered === "ACTIVE") await enqueue("notify-signatories", { documentId: link.document.id }, {}, tx);
  });
}

/**
 * An RFC or CURP the owner gave names one person: a certificate of anyone else is refused, and so
 * is one that carries no RFC (or CURP) to compare, since it cannot show it is theirs. On a
 * company's certificate the legal representative holds the key: their RFC or CURP counts too.
 * Names only mark (see nameMatchesCertificate): people type them in many ways.
 */
function assertAskedHolder(identity: CertificateIdentity, signer: { rfc: string | null; curp: string | null }): void {
  const held = (own: string | null, representative: string | null | undefined) => [own, representative].filter((v): v is string => Boolean(v)).map((v) => v.toUpperCase());
  const rfcs = held(identity.rfc, identity.representative?.rfc);
  if (signer.rfc && !rfcs.includes(signer.rfc.toUpperCase())) {
    throw invalid("certificate", rfcs.length ? `This certificate belongs to RFC ${rfcs[0]}; the document asks for ${signer.rfc}.` : `This certificate carries no RFC; the document asks for ${signer.rfc}.`);
  }
  const curps = held(identity.curp, identity.representative?.curp);
  if (signer.curp && !curps.includes(signer.curp.toUpperCase())) {
    throw invalid("certificate", curps.length ? `This certificate belongs to CURP ${curps[0]}; the document asks for ${signer.curp}.` : `This certificate carries no CURP; the document asks for ${signer.curp}.`);
  }
}

function decodeBase64(value: string, field: string): Uint8Array {
  const clean = value.replace(/^data:[^,]*,/, "").replace(/\s/g, "");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(clean)) throw invalid(field, "Must be Base64 (DER).");
  return new Uint8Array(Buffer.from(clean, "base64"));
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The drawn autograph from its data URI, checked and bounded (autograph-image.ts) before anything else is. */
async function readAutograph(dataUri: string): Promise<Uint8Array> {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUri);
  const bytes = match ? Buffer.from(match[1]!, "base64") : null;
  if (!bytes || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw invalid("autograph", "Must be a PNG image as a data URI.");
  if (bytes.byteLength > 512 * 1024) throw invalid("autograph", "The drawing is too large (512 KB at most).");
  return boundedAutograph(bytes);
}

async function storeAutograph(db: DbOrTx, png: Uint8Array): Promise<string> {
  const stored = await fileStorage().put(png);
  await db.insert(storedFiles).values({ sha256: stored.sha256, size: stored.size, contentType: "image/png" }).onConflictDoNothing();
  return stored.sha256;
}
