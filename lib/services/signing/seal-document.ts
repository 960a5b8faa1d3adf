import { and, asc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { DOCUMENT_STATUS, documents, signatories, storedFiles, users, workFolders } from "@/lib/db/schema";
import { dejaVuFonts } from "@/lib/adapters/fonts/dejavu";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { createPadesCms } from "@/lib/crypto/pades-signature";
import { readTimestampToken } from "@/lib/crypto/timestamp-token";
import { env } from "@/lib/env";
import { addSignatureSheet, addSignatureStamps, type SheetInput } from "@/lib/pdf/signature-sheet";
import { loadForIncrementalUpdate } from "@/lib/pdf/incremental-update";
import { sealPdf } from "@/lib/pdf/seal-pdf";
import { sealAllowance } from "@/lib/pdf/signature-permissions";
import type { SignatureBox } from "@/lib/schemas/signing";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { issueSigningRecordXml, representativeOf } from "@/lib/services/documents/signing-record";
import { emitSigningEvent } from "@/lib/services/webhooks/emit-signing-event";
import { notifyCompletion } from "./notify-completion";
import { embeddableAutograph } from "./autograph-image";
import { extendToLongTerm } from "./long-term-validation";
import { signingEnvironment } from "./signing-environment";
import { signerOfRecord } from "./signer-of-record";

export type SealOutcome = "sealed" | "already-sealed" | "not-ready";

/**
 * Seals a document every signer signed: the constancy (an RFC 3161 token over the original
 * hash), visible stamps or a signature sheet, the XML record attached, one PAdES-B-T signature
 * by the platform seal, extended to PAdES-B-LTA (validation data, document time-stamp); then, in one conditional UPDATE, the document becomes completed with
 * its sealed file and constancy. Idempotent: a retry after a crash recomputes and the first
 * commit wins; files are content-addressed, so nothing is ever half written.
 */
export async function sealDocument(db: DbOrTx, documentId: string, now = new Date()): Promise<SealOutcome> {
  const [row] = await db
    .select({ document: documents, ownerName: users.name, ownerEmail: users.email, ownerLocale: users.locale, timeZone: workFolders.timeZone })
    .from(documents)
    .innerJoin(users, eq(users.id, documents.ownerUserId))
    .innerJoin(workFolders, eq(workFolders.id, documents.folderId))
    .where(eq(documents.id, documentId));
  if (!row) return "not-ready";
  if (row.document.sealedHash) return "already-sealed";
  const signers = await db.select().from(signatories).where(and(eq(signatories.documentId, documentId), isNull(signatories.removedAt))).orderBy(asc(signatories.position));
  if (row.document.signStatus !== DOCUMENT_STATUS.IN_PROCESS || signers.length === 0 || signers.some((s) => s.signStatus !== "SIGNED")) return "not-ready";

  const environment = await signingEnvironment();
  const storage = fileStorage();
  const constancyToken = await environment.timestamps.stamp(Buffer.from(row.document.originalHash, "hex"));
  const stamped = readTimestampToken(constancyToken);
  const constancy = {
    type: "constancies",
    id: stamped.serialNumber,
    links: { self: `/documents/${documentId}/constancy` },
    attributes: { gen_time: stamped.genTime.toISOString(), serial_number: stamped.serialNumber, tsa: environment.timestamps.authority, hash_algorithm: stamped.hashAlgorithm, message_imprint: stamped.messageImprint },
    token: Buffer.from(constancyToken).toString("base64"),
    tsa: environment.timestamps.authority,
    gen_time: stamped.genTime.toISOString(),
  };
  const finished = { ...row.document, signStatus: DOCUMENT_STATUS.COMPLETED, signedAt: now, constancy };
  const xml = await issueSigningRecordXml(finished, { name: row.ownerName, email: row.ownerEmail }, signers, { now, copy: "attached" });

  // Everything below is appended to the original bytes as one incremental update, so any
  // signature the uploaded file already carried stays valid and the original is a prefix.
  const doc = await loadForIncrementalUpdate(new Uint8Array(await storage.get(row.document.originalHash)));
  const { pdf } = doc;
  const autographs = new Map<string, Uint8Array>();
  for (const s of signers) {
    const autograph = s.autographHash ? await embeddableAutograph(new Uint8Array(await storage.get(s.autographHash))) : null;
    if (autograph) autographs.set(s.id, autograph);
  }
  const sheet: SheetInput = {
    fileName: row.document.fileName,
    originalHash: row.document.originalHash,
    // The document's id, not the original's hash: another tenant may upload the same original.
    verifyUrl: `${env().APP_URL}/verify?id=${documentId}`,
    locale: row.ownerLocale,
    timeZone: row.timeZone,
    fonts: dejaVuFonts(),
    signers: signers.map((s) => ({
      name: signerOfRecord(s),
      rfc: s.rfc,
      curp: s.curp,
      representative: representativeOf(s),
      certificateNumber: s.certificateSerialNumber,
      issuer: s.certificateIssuerName,
      signatureType: s.signatureType ?? "",
      signature: s.signature,
      signedAt: s.signedAt ?? now,
      boxes: s.positions ? (JSON.parse(s.positions) as SignatureBox[]) : [],
      autograph: autographs.get(s.id) ?? null,
    })),
  };
  // Stamps where the owner placed boxes; the sheet always, so every detail is on paper; the XML
  // attached. Except in a certified PDF (DocMDP P=2 or 3; P=1 never gets past upload): its
  // certification allows signing but not new page content or attachments, so it gets our
  // signature alone (see sealAllowance) and the XML stays available from the API.
  const allowance = sealAllowance(pdf);
  if (allowance.pageContent && row.document.signPosition === "CUSTOM") await addSignatureStamps(pdf, sheet);
  if (allowance.pageContent) await addSignatureSheet(pdf, sheet);
  if (allowance.attachment) await pdf.attach(new TextEncoder().encode(xml), `${row.document.fileName.replace(/\.pdf$/i, "")}.xml`, { mimeType: "application/xml", description: "Registro de firmas (XML)", creationDate: now, modificationDate: now });
  const { seal, tsa, root, issuing } = environment.platform;
  let sealCms: Uint8Array | undefined;
  const stamp = (imprint: Uint8Array) => environment.timestamps.stamp(imprint);
  const sealed = await sealPdf(doc, { reason: "Documento firmado electrónicamente con Rúbrica", location: "México", name: "Rúbrica", contactInfo: env().APP_URL, signingTime: now }, async (content) => {
    sealCms = await createPadesCms({
      content,
      certificateDer: new Uint8Array(seal.certificate.rawData),
      chainDer: seal.chain.map((c) => new Uint8Array(c.rawData)),
      privateKey: seal.privateKey,
      timestamp: async (signatureValue) => stamp(new Uint8Array(await crypto.subtle.digest("SHA-256", signatureValue.slice().buffer as ArrayBuffer))),
    });
    return sealCms;
  });
  // PAdES-B-LTA: the validation data and a document time-stamp, two more incremental updates,
  // so the seal can be validated after its certificates expire. The built-in TSA's chain is
  // ours; an external TSA's is what its tokens carry.
  const ltv = await extendToLongTerm(doc, sealed, {
    cms: sealCms!,
    certificates: [seal.certificate, ...seal.chain, ...(env().TSA_URL ? [] : [tsa.certificate, ...tsa.chain])].map((c) => new Uint8Array(c.rawData)),
    authorities: [issuing, root],
    stamp,
  });
  const stored = await storage.put(ltv);
  // NOM-151 conserves what was signed: a second constancia over the sealed file's final bytes
  // (after the document time-stamp), kept as its own file (/constancy?of=signed-file) and named
  // by the record served from /xml. The first, over the original, stays in the attached record.
  const signedFileToken = await environment.timestamps.stamp(Buffer.from(stored.sha256, "hex"));
  const signedFileStamp = readTimestampToken(signedFileToken);
  const kept = {
    ...constancy,
    signedFile: {
      token: Buffer.from(signedFileToken).toString("base64"),
      tsa: environment.timestamps.authority,
      gen_time: signedFileStamp.genTime.toISOString(),
      serial_number: signedFileStamp.serialNumber,
      message_imprint: signedFileStamp.messageImprint,
    },
  };

  return db.transaction(async (tx) => {
    await tx.insert(storedFiles).values({ sha256: stored.sha256, size: stored.size, contentType: "application/pdf" }).onConflictDoNothing();
    const [done] = await tx
      .update(documents)
      .set({ sealedHash: stored.sha256, constancy: kept, signStatus: DOCUMENT_STATUS.COMPLETED, signedAt: now, sealedAt: now, updatedAt: now })
      .where(and(eq(documents.id, documentId), isNull(documents.sealedHash), eq(documents.signStatus, DOCUMENT_STATUS.IN_PROCESS)))
      .returning({ id: documents.id });
    if (!done) return "already-sealed" as const;
    await recordAuditEvent(tx, { actorUserId: null, action: "document.sealed", subjectType: "document", subjectId: documentId, data: { sealedHash: stored.sha256, constancySerial: stamped.serialNumber } });
    if (row.document.notificationMode === "ENABLED") await notifyCompletion(tx, documentId);
    await emitSigningEvent(tx, documentId, "document.completed", {
      sealed_hash: stored.sha256,
      signed_at: now.toISOString(),
      constancy: constancy.attributes,
      signatures: signers.map((s) => ({ id: s.id, name: s.name, certificate_name: s.certificateName, rfc: s.rfc, certificate_serial_number: s.certificateSerialNumber, signed_at: s.signedAt?.toISOString() ?? null })),
    });
    return "sealed" as const;
  });
}
