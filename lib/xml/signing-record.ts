import type { LegalRepresentative } from "@/lib/crypto/certificate-identity";

/**
 * The XML signing record of a document (schema: signing-record.xsd beside this file), modelled
 * on Mexican practice: an electronicDocument with the file name and original hash, its signers
 * with their certificate data, signature value and time, and the conservancy record (constancy)
 * once sealed. Pure: it serializes what it is given.
 */
export const SIGNING_RECORD_NAMESPACE = "urn:rubrica:signing-record:1";

export type SigningRecord = {
  documentId: string;
  fileName: string;
  originalHash: string;
  pages: number;
  status: { code: number; name: string };
  signed: boolean;
  /** email null: left out (the record attached to a sealed PDF, read by anyone holding it). */
  owner: { name: string; email: string | null };
  createdAt: Date;
  signedAt: Date | null;
  generatedAt: Date;
  signers: {
    id: string;
    order: number;
    name: string;
    email: string | null;
    status: "PENDING" | "SIGNED" | "REJECTED";
    rfc: string | null;
    curp: string | null;
    /** A company's certificate: the legal representative who holds its key (RFC and CURP). */
    representative: LegalRepresentative | null;
    certificate: { base64: string | null; number: string | null; issuer: string | null } | null;
    signature: string | null;
    signedAt: Date | null;
    rejectedReason: string | null;
  }[];
  conservancyRecord: { base64: string; authority: string | null; timestamp: Date | null } | null;
  /**
   * The constancia over the sealed PDF's final bytes (NOM-151: what was signed is conserved),
   * taken after sealing: named by the record served from /xml, never by the copy attached inside
   * the PDF, whose bytes it covers.
   */
  signedFileConstancy?: { base64: string; sha256: string; authority: string | null; timestamp: Date | null } | null;
};

export function escapeXml(text: string): string {
  // Characters XML 1.0 forbids (control characters other than tab/newline/return) are dropped.
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

const el = (name: string, text: string | null, attrs = ""): string => (text === null ? "" : `<${name}${attrs}>${escapeXml(text)}</${name}>`);
const attr = (name: string, value: string | null): string => (value === null ? "" : ` ${name}="${escapeXml(value)}"`);
const iso = (d: Date) => d.toISOString();

export function signingRecordXml(r: SigningRecord): string {
  const signed = r.signers.filter((s) => s.status === "SIGNED").length;
  const signers = r.signers
    .map((s) =>
      [
        `    <signer id="${s.id}" order="${s.order}" status="${s.status}">`,
        `      ${el("name", s.name)}`,
        s.email !== null ? `      ${el("email", s.email)}` : "",
        s.rfc ? `      ${el("rfc", s.rfc)}` : "",
        s.curp ? `      ${el("curp", s.curp)}` : "",
        s.representative ? `      <representative${attr("rfc", s.representative.rfc)}${attr("curp", s.representative.curp)}/>` : "",
        s.certificate
          ? `      <certificate${s.certificate.number ? ` number="${escapeXml(s.certificate.number)}"` : ""}${s.certificate.issuer ? ` issuer="${escapeXml(s.certificate.issuer)}"` : ""}>${escapeXml(s.certificate.base64 ?? "")}</certificate>`
          : "",
        s.signature ? `      ${el("signature", s.signature)}` : "",
        s.signedAt ? `      ${el("signedAt", iso(s.signedAt))}` : "",
        s.rejectedReason ? `      ${el("rejectedReason", s.rejectedReason)}` : "",
        "    </signer>",
      ]
        .filter(Boolean)
        .join("\n"),
    )
    .join("\n");
  const stamp = (name: string, c: { base64: string; authority: string | null; timestamp: Date | null; sha256?: string }) =>
    `  <${name}${c.sha256 ? ` sha256="${c.sha256}"` : ""}${c.authority ? ` authority="${escapeXml(c.authority)}"` : ""}${c.timestamp ? ` timestamp="${iso(c.timestamp)}"` : ""}>${escapeXml(c.base64)}</${name}>\n`;
  const record = (r.conservancyRecord ? stamp("conservancyRecord", r.conservancyRecord) : "") + (r.signedFileConstancy ? stamp("signedFileConstancy", r.signedFileConstancy) : "");
  return `<?xml version="1.0" encoding="UTF-8"?>
<electronicDocument xmlns="${SIGNING_RECORD_NAMESPACE}" version="1.0" id="${r.documentId}" status="${r.status.name}" statusCode="${r.status.code}" signed="${r.signed}" generatedAt="${iso(r.generatedAt)}">
  ${el("fileName", r.fileName)}
  <originalHash algorithm="SHA-256">${r.originalHash}</originalHash>
  <pages>${r.pages}</pages>
  <owner name="${escapeXml(r.owner.name)}"${attr("email", r.owner.email)}/>
  <createdAt>${iso(r.createdAt)}</createdAt>
${r.signedAt ? `  <signedAt>${iso(r.signedAt)}</signedAt>\n` : ""}  <signers total="${r.signers.length}" signed="${signed}">
${signers}
  </signers>
${record}</electronicDocument>
`;
}
