import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import * as pkijs from "pkijs";
import { checkCertificateTrust } from "@/lib/crypto/certificate-trust";
import { ab, anchorsFor, checkCmsSigner, nameOf } from "@/lib/crypto/cms-signer-check";
import { readElement } from "@/lib/crypto/der-elements";
import { checkTimestamp } from "@/lib/crypto/timestamp-check";

/**
 * Every signature a PDF carries, judged from the file's own bytes (issue 29): for files this
 * installation sealed, others it never saw, and signatures made elsewhere. For each one: which
 * bytes it covers (its /ByteRange, and whether later revisions were appended after it), whether
 * the CMS is intact over those bytes (cms-signer-check.ts), who signed and when (signingTime, or
 * the signature's RFC 3161 time stamp when it carries one), and whether the signer's certificate
 * chains, at that time, to a root of one of the configured types (SAT e.firma, FIREL, TEPJF, the
 * platform). A document time stamp (ETSI.RFC3161) is checked as a time stamp over its range.
 *
 * Signature dictionaries are found by their /ByteRange in the raw file: their /Contents must sit
 * in the file's own bytes for the range to exclude it, so no signature hides in an object stream.
 * What later revisions changed is not analysed: `revisions_after` counts the bytes appended, as
 * pdfsig's "Not total document signed" does.
 */

export type TrustedType = { type: string; roots: x509.X509Certificate[] };

export type PdfSignatureReport = {
  /** 1-based, in file order. */
  index: number;
  field: string | null;
  kind: "signature" | "document-timestamp";
  sub_filter: string | null;
  byte_range: [number, number, number, number];
  /** true when the signature covers the whole file as it is (nothing appended after it). */
  covers_whole_file: boolean;
  /** "valid": the bytes are those signed and the signature verifies; "invalid": they are not. */
  integrity: "valid" | "invalid" | "unsupported" | "malformed";
  problems: string[];
  signer: { name: string; subject: string; serial_number: string; issuer: string } | null;
  signing_time: string | null;
  timestamp: { gen_time: string; tsa: string | null; valid: boolean } | null;
  /** The configured type whose roots the certificate chains to at the signing time, or null. */
  trusted_type: string | null;
  chain: string[];
  chain_problem: string | null;
};

const SIGNATURE_TIMESTAMP = "1.2.840.113549.1.9.16.2.14";

/**
 * Where hostile files are stopped (issue 63): a real /Contents is tens of KB (65 KB the largest in
 * ../shared/realworld/pdfs), but a file of MAX_UPLOAD_MB can hold one gap of megabytes, or a
 * hundred /ByteRanges over the same gap, each read anew. Past any limit the file is refused
 * (PdfSignatureLimitError) rather than reported in part.
 */
export const PDF_SIGNATURE_LIMITS = { maxSignatures: 100, maxContentsBytes: 1024 * 1024, maxContentsTotalBytes: 8 * 1024 * 1024 };

export type PdfSignatureLimit = "too-many-signatures" | "contents-too-large" | "contents-too-large-together";

export class PdfSignatureLimitError extends Error {
  constructor(readonly problem: PdfSignatureLimit) {
    super(`PDF signature limit: ${problem}`);
    this.name = "PdfSignatureLimitError";
  }
}

type Found = { range: [number, number, number, number]; dictionary: string; objectNumber: string | null };

/** The signature dictionaries: each /ByteRange with the text of the dictionary around it. */
function findSignatures(text: string): Found[] {
  const found: Found[] = [];
  for (const match of text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
    if (found.length >= PDF_SIGNATURE_LIMITS.maxSignatures) throw new PdfSignatureLimitError("too-many-signatures");
    const range = match.slice(1, 5).map(Number) as [number, number, number, number];
    // The dictionary around it, from its object header to endobj (each looked for within 8 KB of
    // the entries), without the /Contents gap, which can be tens of KB of hex.
    const gapStart = range[0] + range[1];
    const gapEnd = range[2];
    const first = gapStart < match.index && gapEnd > gapStart ? gapStart : match.index;
    const last = gapEnd > match.index && gapEnd > gapStart ? gapEnd : match.index;
    const header = text.lastIndexOf(" obj", first);
    const start = header !== -1 && first - header < 8192 ? header : Math.max(0, first - 8192);
    const endobj = text.indexOf("endobj", last);
    const end = endobj !== -1 && endobj - last < 8192 ? endobj : Math.min(text.length, last + 8192);
    const dictionary = gapEnd > gapStart && gapStart >= start && gapEnd <= end ? text.slice(start, gapStart) + text.slice(gapEnd, end) : text.slice(start, end);
    const number = /(\d+)\s+(\d+)\s+obj\s*$/.exec(text.slice(Math.max(0, header - 20), header + 4));
    found.push({ range, dictionary, objectNumber: header !== -1 && number ? `${number[1]} ${number[2]}` : null });
  }
  return found;
}

function fieldName(text: string, objectNumber: string | null): string | null {
  // An encrypted file's strings are ciphertext (the signature's /Contents alone is exempt).
  if (!objectNumber || /\/Encrypt\s/.test(text)) return null;
  const [n, g] = objectNumber.split(" ");
  const reference = new RegExp(`/V\\s+${n}\\s+${g}\\s+R\\b`).exec(text);
  if (!reference) return null;
  const around = text.slice(Math.max(0, reference.index - 1500), reference.index + 1500);
  return /\/T\s*\(((?:\\.|[^\\)])*)\)/.exec(around)?.[1]?.replace(/\\(.)/g, "$1") ?? null;
}

const concat = (bytes: Uint8Array, range: [number, number, number, number]) => {
  const out = new Uint8Array(range[1] + range[3]);
  out.set(bytes.subarray(range[0], range[0] + range[1]));
  out.set(bytes.subarray(range[2], range[2] + range[3]), range[1]);
  return out;
};

/** PDF white space as JavaScript's \s reads the file's Latin-1: tab, LF, VT, FF, CR, space, NBSP. */
const isSpace = (c: number) => (c >= 0x09 && c <= 0x0d) || c === 0x20 || c === 0xa0;
const nibble = (c: number) => (c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 0x37 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1);

/**
 * The bytes the /Contents gap's hex spells, or null when the gap is not one (a "/ByteRange" written
 * inside some stream's text is not a signature). A range off by one around the < > (as pdf.js's
 * imm1344e sample has) still yields the hex, so the signature is judged, and fails, as pdfsig does.
 * Read from the file's bytes as they are, at most limits.maxContentsBytes of them: no string of
 * the gap is built. `budget` counts the gap bytes read for the whole file.
 */
function gapContents(bytes: Uint8Array, range: [number, number, number, number], budget: { left: number }, limits = PDF_SIGNATURE_LIMITS): Uint8Array | null {
  if (range[2] <= range[1] || range[2] > bytes.length || range[2] - range[1] > 16 * 1024 * 1024) return null;
  const end = range[2];
  let at = range[0] + range[1];
  while (at < end && isSpace(bytes[at]!)) at++;
  if (at < end && bytes[at] === 0x3c /* < */) at++;
  const from = at;
  // The leading run of hex digits and white space, as far as the limit allows.
  const der = new Uint8Array(Math.max(0, Math.min(end - at, limits.maxContentsBytes)) >> 1);
  let digits = 0;
  for (; at < end; at++) {
    const c = bytes[at]!;
    const value = nibble(c);
    if (value === -1 && !isSpace(c)) break;
    if (at - from >= limits.maxContentsBytes) throw new PdfSignatureLimitError("contents-too-large");
    if (value === -1) continue;
    if (digits % 2 === 0) der[digits >> 1] = value << 4;
    else der[digits >> 1]! |= value;
    digits++;
  }
  budget.left -= at - from;
  if (budget.left < 0) throw new PdfSignatureLimitError("contents-too-large-together");
  // A CMS is hundreds of bytes, so at least 128 hex digits; an odd last digit is left out.
  return digits >= 128 ? der.subarray(0, digits >> 1) : null;
}

/** The CMS in the /Contents gap, its zero padding cut at the DER's end. */
function contentsOf(der: Uint8Array): Uint8Array | null {
  try {
    return der.slice(0, readElement(der, 0).end);
  } catch {
    return null;
  }
}

async function trustAt(certificateDer: Uint8Array, carried: x509.X509Certificate[], signer: x509.X509Certificate, trust: TrustedType[], at: Date) {
  let problem: string | null = "untrusted";
  for (const { type, roots } of trust) {
    const check = await checkCertificateTrust(certificateDer, anchorsFor(roots, carried, signer), at);
    if (check.ok) return { type, chain: check.chain.map((c) => c.subject), problem: null };
    if (check.reason !== "untrusted") problem = check.reason;
  }
  return { type: null, chain: [], problem };
}

export async function reportPdfSignatures(bytes: Uint8Array, trust: TrustedType[], now = new Date()): Promise<PdfSignatureReport[]> {
  const text = Buffer.from(bytes).toString("latin1");
  const reports: PdfSignatureReport[] = [];
  const budget = { left: PDF_SIGNATURE_LIMITS.maxContentsTotalBytes };
  const signatures = findSignatures(text).flatMap((found) => {
    const der = gapContents(bytes, found.range, budget);
    return der ? [{ ...found, der }] : [];
  });
  for (const [i, found] of signatures.entries()) {
    const { range } = found;
    const subFilter = /\/SubFilter\s*\/([A-Za-z0-9.#_-]+)/.exec(found.dictionary)?.[1] ?? null;
    const report: PdfSignatureReport = {
      index: i + 1,
      field: fieldName(text, found.objectNumber),
      kind: subFilter === "ETSI.RFC3161" ? "document-timestamp" : "signature",
      sub_filter: subFilter,
      byte_range: range,
      covers_whole_file: range[2] + range[3] === bytes.length,
      integrity: "malformed",
      problems: [],
      signer: null,
      signing_time: null,
      timestamp: null,
      trusted_type: null,
      chain: [],
      chain_problem: null,
    };
    reports.push(report);
    // The range starts the file, ends inside it, and its gap is where /Contents is.
    if (range[0] !== 0 || range[1] <= 0 || range[2] + range[3] > bytes.length) {
      report.problems.push("byte-range");
      continue;
    }
    const cms = contentsOf(found.der);
    if (!cms) {
      report.problems.push("contents");
      continue;
    }
    const signed = concat(bytes, range);
    try {
      await (report.kind === "document-timestamp" ? judgeDocumentTimestamp(report, cms, signed, trust) : judgeSignature(report, cms, signed, trust, now, found.dictionary));
    } catch {
      report.integrity = "malformed";
      report.problems.push("malformed");
    }
  }
  return reports;
}

async function judgeDocumentTimestamp(report: PdfSignatureReport, cms: Uint8Array, signed: Uint8Array, trust: TrustedType[]) {
  const check = await checkTimestamp({ der: cms, imprint: { of: signed }, roots: trust.flatMap((t) => t.roots) });
  const integrityProblems = check.problems.filter((p) => p !== "untrusted" && p !== "certificate-not-valid-at-gen-time");
  report.integrity = check.problems.includes("malformed") ? "malformed" : integrityProblems.length ? "invalid" : "valid";
  report.problems.push(...check.problems);
  report.signing_time = check.gen_time;
  report.timestamp = check.gen_time ? { gen_time: check.gen_time, tsa: check.tsa, valid: check.valid } : null;
  report.chain = check.chain;
  report.trusted_type = check.chain.length ? (trust.find((t) => t.roots.some((r) => r.subject === check.chain.at(-1)))?.type ?? null) : null;
  report.chain_problem = check.problems.find((p) => p === "untrusted" || p === "certificate-not-valid-at-gen-time") ?? null;
  report.signer = check.tsa ? { name: check.tsa, subject: check.chain[0] ?? check.tsa, serial_number: "", issuer: check.chain[1] ?? "" } : null;
}

async function judgeSignature(report: PdfSignatureReport, cms: Uint8Array, signed: Uint8Array, trust: TrustedType[], now: Date, dictionary: string) {
  const info = pkijs.ContentInfo.fromBER(ab(cms));
  const signedData = new pkijs.SignedData({ schema: info.content });
  let content = signed;
  // adbe.pkcs7.sha1: the CMS signs the SHA-1 of the range, carried inside it as its content.
  if (report.sub_filter === "adbe.pkcs7.sha1") {
    const carried = signedData.encapContentInfo.eContent ? new Uint8Array(signedData.encapContentInfo.eContent.getValue()) : null;
    const sha1 = new Uint8Array(await crypto.subtle.digest("SHA-1", ab(signed)));
    if (!carried || Buffer.compare(carried, sha1) !== 0) report.problems.push("digest-mismatch");
    content = carried ?? sha1;
  } else if (signedData.encapContentInfo.eContent) {
    report.problems.push("not-detached");
  }
  const signer = await checkCmsSigner(signedData, cms, content, signedData.version);
  report.problems.push(...signer.problems);
  const broken = report.problems.filter((p) => p !== "not-detached");
  report.integrity = broken.includes("malformed") ? "malformed" : broken.includes("unsupported-algorithm") ? "unsupported" : broken.length ? "invalid" : "valid";
  if (!signer.certificate) return;
  report.signer = { name: nameOf(signer.certificate), subject: signer.certificate.subject, serial_number: signer.certificate.serialNumber.toUpperCase(), issuer: signer.certificate.issuer };
  const claimed = signer.signingTime ?? pdfDate(/\/M\s*\(([^)]*)\)/.exec(dictionary)?.[1]);
  report.signing_time = claimed?.toISOString() ?? null;

  // A signature time stamp (unsigned attribute) fixes when it existed: the chain is judged then.
  const token = signer.unsignedAttributes.find((a) => a.type === SIGNATURE_TIMESTAMP)?.values[0];
  let at = claimed ?? now;
  if (token) {
    const stamp = await checkTimestamp({ der: new Uint8Array(token.toBER(false)), imprint: { of: signer.signatureValue }, roots: trust.flatMap((t) => t.roots) });
    if (stamp.gen_time) {
      report.timestamp = { gen_time: stamp.gen_time, tsa: stamp.tsa, valid: !stamp.problems.some((p) => p !== "untrusted") };
      if (report.timestamp.valid) at = new Date(stamp.gen_time);
    }
  }
  const chained = await trustAt(signer.certificateDer, signer.carried, signer.certificate, trust, at);
  report.trusted_type = chained.type;
  report.chain = chained.chain;
  report.chain_problem = chained.problem;
}

/** A PDF date, D:YYYYMMDDHHmmSSOHH'mm (ISO 32000 §7.9.4), or null. */
function pdfDate(value: string | undefined): Date | null {
  const m = value ? /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?/.exec(value) : null;
  if (!m) return null;
  const [, y, mo = "01", d = "01", h = "00", mi = "00", s = "00", sign, oh = "00", om = "00"] = m;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const offset = (Number(oh) * 60 + Number(om)) * 60_000 * (sign === "-" ? -1 : sign === "+" ? 1 : 0);
  const date = new Date(utc - offset);
  return Number.isNaN(date.getTime()) ? null : date;
}
