import { X509Certificate } from "node:crypto";
import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { documents, signatories, users } from "@/lib/db/schema";
import { sha256Hex } from "@/lib/adapters/storage/file-storage";
import { DOCUMENT_STATUS_NAMES } from "@/lib/schemas/signing";
import { buildSigningRecordXml } from "@/lib/services/documents/signing-record";
import { invalid } from "@/lib/errors";
import { readSigningRecord, type RecordFacts } from "@/lib/xml/read-signing-record";
import { XML_RECORD_LIMITS, xmlShapeProblem, type XmlShapeProblem } from "@/lib/xml/xml-shape";
import { readRecordOffThread } from "./verify-off-thread";
import { signerOfRecord } from "./signer-of-record";
import { signingEnvironment } from "./signing-environment";

/**
 * Public verification: is this file (or hash, or document id from the QR code) one Rúbrica
 * signed, and is it intact? A PDF is intact when its SHA-256 is exactly that of a sealed document
 * (or of an original under signing); an XML record when it carries the platform seal's XML-DSig
 * signature and every field equals the document it names (lib/xml/record-seal.ts). Only a sealed
 * document is described (name, owner, signers with their certificate data, never e-mails or
 * CURPs): anyone can ask, so for a document still in process, rejected, cancelled or expired the
 * answer is its state and nothing else.
 *
 * An original hash is not a document's name: anyone may upload the same PDF. It resolves to a
 * document only while exactly one has that original; when several do (two tenants, or one twice)
 * the answer is `matched: "original"` with no document, so no one's document is shown for
 * another's. The sheet's QR code names the document by its id (a random UUID) instead.
 */
export type Verification = {
  found: boolean;
  kind: "pdf" | "xml" | "hash";
  intact: boolean | null;
  matched: "sealed" | "original" | "record" | null;
  document: { file_name: string | null; original_hash: string; sealed_hash: string | null; sign_status_name: string; signed: boolean; signed_at: string | null; owner: string | null } | null;
  signers: { name: string; sign_status: string; rfc: string | null; certificate_serial_number: string | null; certificate_issuer_name: string | null; signature_type: string | null; signed_at: string | null }[];
  constancy: { gen_time: string; tsa: string; serial_number: string } | null;
};

/**
 * Records attached or downloaded before records were signed carry no signature. A document sealed
 * before this moment may present such a record; it is then checked field by field against the
 * document alone. Anything sealed later was issued signed, so an unsigned copy of it is not ours.
 */
export const UNSIGNED_RECORDS_BEFORE = new Date("2026-11-26T00:00:00Z");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Found = Awaited<ReturnType<typeof findById>>;

/** `sha256`, when the caller already hashed `bytes` (POST /v1/verify also needs it for a constancia). */
export async function verifyFile(db: DbOrTx, input: { bytes: Uint8Array; sha256?: Buffer } | { hash: string } | { id: string }): Promise<Verification> {
  if ("id" in input) return describe(db, await findById(db, input.id), "hash", null);
  if ("hash" in input) {
    const found = await findByHash(db, input.hash.toUpperCase());
    return found === "shared" ? sharedOriginal("hash") : describe(db, found, "hash", null);
  }
  const bytes = input.bytes;
  const head = Buffer.from(bytes.subarray(0, 512)).toString("utf8");
  if (/<electronicDocument\b/.test(head) || head.trimStart().startsWith("<?xml")) {
    // Bounded before any DOM is built of it (lib/xml/xml-shape.ts).
    const problem = xmlShapeProblem(bytes);
    if (problem) throw invalid("file", XML_SHAPE_MESSAGES[problem]);
    return verifyRecord(db, bytes);
  }
  const hash = input.sha256 ? input.sha256.toString("hex").toUpperCase() : sha256Hex(bytes);
  const found = await findByHash(db, hash);
  if (found === "shared") return sharedOriginal("pdf");
  const matched = found ? (found.document.sealedHash === hash ? "sealed" : "original") : null;
  return describe(db, found, "pdf", matched);
}

const documentQuery = (db: DbOrTx) => db.select({ document: documents, ownerName: users.name }).from(documents).innerJoin(users, eq(users.id, documents.ownerUserId));

async function findById(db: DbOrTx, id: string) {
  if (!UUID.test(id)) return null;
  const [row] = await documentQuery(db).where(eq(documents.id, id));
  return row ?? null;
}

/** A sealed hash names one document; an original hash only while no other document shares it. */
async function findByHash(db: DbOrTx, hash: string): Promise<Found | "shared"> {
  const rows = await documentQuery(db)
    .where(or(eq(documents.sealedHash, hash), eq(documents.originalHash, hash)))
    .orderBy(sql`${documents.sealedHash} = ${hash} desc nulls last`)
    .limit(2);
  if (rows[0]?.document.sealedHash === hash) return rows[0];
  return rows.length > 1 ? "shared" : (rows[0] ?? null);
}

function sharedOriginal(kind: "pdf" | "hash"): Verification {
  return { found: true, kind, intact: kind === "hash" ? null : true, matched: "original", document: null, signers: [], constancy: null };
}

const XML_SHAPE_MESSAGES: Record<XmlShapeProblem, string> = {
  "too-large": `An XML signing record is at most ${XML_RECORD_LIMITS.maxBytes / 1024 / 1024} MB; this file is larger.`,
  "too-deep": `The XML nests elements more than ${XML_RECORD_LIMITS.maxDepth} deep; a signing record nests at most 5.`,
};

async function verifyRecord(db: DbOrTx, bytes: Uint8Array): Promise<Verification> {
  const { seal, presented } = await readRecordOffThread(bytes);
  const found = presented?.documentId ? await findById(db, presented.documentId) : null;
  const result = await describe(db, found, "xml", found ? "record" : null);
  if (!found || !presented) return result;
  const sealedBefore = found.document.sealedAt !== null && found.document.sealedAt < UNSIGNED_RECORDS_BEFORE;
  const issued = seal.state === "valid" ? await isPlatformSeal(new X509Certificate(seal.certificate)) : seal.state === "absent" && sealedBefore;
  result.intact = issued && (await matchesDocument(db, found, presented, { ownerName: seal.state !== "valid" }));
  return result;
}

/**
 * The seal's certificate now, or one its issuer gave the same name (a renewed seal). The TSA has
 * the same issuer but another name, so its key cannot pass for the seal.
 */
async function isPlatformSeal(certificate: X509Certificate): Promise<boolean> {
  const { seal } = (await signingEnvironment()).platform;
  const current = new X509Certificate(new Uint8Array(seal.certificate.rawData));
  if (certificate.raw.equals(current.raw)) return true;
  const issuer = seal.chain[0] ? new X509Certificate(new Uint8Array(seal.chain[0].rawData)) : null;
  return !!issuer && certificate.subject === current.subject && certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey);
}

/**
 * Every fact of the presented record against the record the document gives now. A record of a
 * sealed document must equal it in full; one taken while signing went on (a download from /xml)
 * must agree on the document and on every signer it shows as signed or rejected, and a signer it
 * shows pending must be one of the document's. The owner's name is compared only for unsigned
 * (legacy) records: it may change later, and the signature already proves what it was.
 */
async function matchesDocument(db: DbOrTx, found: NonNullable<Found>, presented: RecordFacts, options: { ownerName: boolean }): Promise<boolean> {
  const signers = await db.select().from(signatories).where(and(eq(signatories.documentId, found.document.id), isNull(signatories.removedAt))).orderBy(asc(signatories.position));
  // The copy attached to a sealed PDF shows RFC and CURP masked; /xml's shows them whole: each is checked against its own form.
  const expected = readSigningRecord(buildSigningRecordXml(found.document, { name: found.ownerName, email: null }, signers, undefined, { masked: isMasked(presented) }))!;
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (presented.signers.length === 0) return false;
  if (options.ownerName && presented.ownerName !== expected.ownerName) return false;
  if (!(["documentId", "fileName", "originalHash", "pages", "createdAt"] as const).every((k) => presented[k] !== null && presented[k] === expected[k])) return false;
  if (presented.sealed) return same({ ...presented, ownerName: null }, { ...expected, ownerName: null });
  const byId = new Map(expected.signers.map((s) => [s.id, s]));
  return presented.signers.every((s) => {
    const now = s.id ? byId.get(s.id) : undefined;
    if (!now) return false;
    return s.status === "PENDING" && now.status !== "PENDING" ? s.order === now.order : same(s, now);
  });
}

async function describe(db: DbOrTx, found: Found, kind: Verification["kind"], matched: Verification["matched"]): Promise<Verification> {
  if (!found) return { found: false, kind, intact: kind === "hash" ? null : false, matched: null, document: null, signers: [], constancy: null };
  const d = found.document;
  const state = { original_hash: d.originalHash, sealed_hash: d.sealedHash, sign_status_name: DOCUMENT_STATUS_NAMES[d.signStatus]!, signed: d.sealedHash !== null, signed_at: d.sealedHash ? (d.signedAt?.toISOString() ?? null) : null };
  if (!d.sealedHash) return { found: true, kind, intact: kind === "hash" ? null : true, matched, document: { ...state, file_name: null, owner: null }, signers: [], constancy: null };
  const signers = await db.select().from(signatories).where(and(eq(signatories.documentId, d.id), isNull(signatories.removedAt))).orderBy(asc(signatories.position));
  const constancy = d.constancy as { attributes?: { gen_time: string; tsa: string; serial_number: string } } | null;
  return {
    found: true,
    kind,
    intact: kind === "hash" ? null : true,
    matched,
    document: { ...state, file_name: d.fileName, owner: found.ownerName },
    signers: signers.map((s) => ({
      name: signerOfRecord(s),
      sign_status: s.signStatus,
      rfc: s.rfc,
      certificate_serial_number: s.certificateSerialNumber,
      certificate_issuer_name: s.certificateIssuerName,
      signature_type: s.signatureType,
      signed_at: s.signedAt?.toISOString() ?? null,
    })),
    constancy: constancy?.attributes ? { gen_time: constancy.attributes.gen_time, tsa: constancy.attributes.tsa, serial_number: constancy.attributes.serial_number } : null,
  };
}

/** A record whose identifiers carry the mask's asterisks, which no RFC or CURP has. */
function isMasked(record: RecordFacts): boolean {
  return record.signers.some((s) => [s.rfc, s.curp, s.representative].some((v) => v?.includes("*")));
}
