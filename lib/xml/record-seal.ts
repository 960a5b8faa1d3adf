import { KeyObject, X509Certificate } from "node:crypto";
import { SignedXml } from "xml-crypto";
import { parseXml } from "./read-signing-record";

/**
 * The platform seal over the XML signing record: an enveloped XML-DSig signature (W3C XML
 * Signature 1.1 §6.6.4) over the whole document (Reference URI=""), exclusive canonicalization,
 * RSA-SHA256, with the seal certificate and its chain in KeyInfo, so `xmlsec1 --verify` checks it
 * against the platform root. Without it a record is only text: anyone could edit a name or an RFC.
 * Pure: keys and certificates come as arguments.
 */
const DSIG = "http://www.w3.org/2000/09/xmldsig#";
const EXC_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";
const ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
const RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
const SHA256 = "http://www.w3.org/2001/04/xmlenc#sha256";

export type RecordSealKey = { privateKey: CryptoKey; certificates: Uint8Array[] };

export function sealRecordXml(xml: string, key: RecordSealKey): string {
  const pem = key.certificates.map((der) => new X509Certificate(der).toString()).join("");
  const signer = new SignedXml({ privateKey: KeyObject.from(key.privateKey), publicCert: pem, canonicalizationAlgorithm: EXC_C14N, signatureAlgorithm: RSA_SHA256 });
  signer.addReference({ xpath: "/*", isEmptyUri: true, transforms: [ENVELOPED, EXC_C14N], digestAlgorithm: SHA256 });
  // Last child of the root, as the XSD allows (its xs:any in the dsig namespace).
  signer.computeSignature(xml, { location: { reference: "/*", action: "append" } });
  return signer.getSignedXml();
}

export type RecordSeal =
  | { state: "absent" }
  | { state: "invalid" }
  /** content: the record as signed (the Signature removed), the only text a caller should read. */
  | { state: "valid"; certificate: X509Certificate; content: string };

/**
 * Checks a record's seal. Valid means: exactly one ds:Signature, a child of the root, whose single
 * reference is the whole document with the enveloped transform, made by the first certificate of
 * its KeyInfo; the caller decides whether that certificate is ours. The fields must then be read
 * from `content`, never from the document as received (signature wrapping).
 */
export function readRecordSeal(xml: string): RecordSeal {
  const doc = parseXml(xml);
  if (!doc) return { state: "invalid" };
  const signatures = Array.from(doc.getElementsByTagNameNS(DSIG, "Signature"));
  if (signatures.length === 0) return { state: "absent" };
  const signature = signatures[0]!;
  if (signatures.length > 1 || signature.parentNode !== doc.documentElement) return { state: "invalid" };
  const certificates = Array.from(signature.getElementsByTagNameNS(DSIG, "X509Certificate"));
  if (certificates.length === 0) return { state: "invalid" };
  try {
    const certificate = new X509Certificate(Buffer.from((certificates[0]!.textContent ?? "").replace(/\s/g, ""), "base64"));
    // The key is the certificate's, given here: KeyInfo is not trusted to name another.
    const checker = new SignedXml({ publicCert: certificate.toString(), getCertFromKeyInfo: () => null });
    checker.loadSignature(signature);
    if (!checker.checkSignature(xml)) return { state: "invalid" };
    const references = checker.getSignedReferences();
    const declared = Array.from(signature.getElementsByTagNameNS(DSIG, "Reference"));
    const transforms = declared.flatMap((r) => Array.from(r.getElementsByTagNameNS(DSIG, "Transform")).map((t) => t.getAttribute("Algorithm")));
    if (references.length !== 1 || declared.length !== 1 || declared[0]!.getAttribute("URI") !== "" || !transforms.includes(ENVELOPED)) return { state: "invalid" };
    return { state: "valid", certificate, content: references[0]! };
  } catch {
    return { state: "invalid" };
  }
}
