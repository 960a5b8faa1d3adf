import { errorBody, TOO_MANY_REQUESTS } from "@/lib/schemas/common";
import { identityCertificateBody, identityCertificateView, rejectBody, signatureParams, signBody, signingLinkView } from "@/lib/schemas/signing-link";
import { submissionVerificationBody, verificationBody, verifyHashQuery } from "@/lib/schemas/verify";
import type { Operation } from "../registry";

const tags = ["Signing link (public)"];
const link = "No authentication: the signature id (the signer's link `/signature/sign-document/{signature_id}`) is the secret. Rate-limited per id and per client address (429). Every view and action is recorded in the audit log with the address.";
const gone = { 404: { description: "Unknown link.", schema: errorBody }, 409: { description: "The link cannot act now: already signed or rejected, removed, document cancelled or rejected, or not this signer's turn (the message says which).", schema: errorBody }, 429: { description: TOO_MANY_REQUESTS, schema: errorBody } };

export const signingLinkOperations: Operation[] = [
  {
    method: "get",
    path: "/v1/signatures/{signatureId}",
    operationId: "viewSigningLink",
    summary: "What a signing link leads to",
    description: `${link} The signer's state, the document (name, owner, pages, original hash), allowed signature types, whose turn it is, and the other signers' names and progress (never their e-mails). \`link_status\` ACTIVE means the signer may sign or reject now.`,
    tags,
    security: "none",
    params: signatureParams,
    responses: { 200: { description: "The link's state.", schema: signingLinkView }, ...gone },
  },
  {
    method: "get",
    path: "/v1/signatures/{signatureId}/document",
    operationId: "readSigningDocument",
    summary: "The PDF a signer reads",
    description: `${link} The original until the document is sealed, then the sealed PDF. Not served (409) once the owner removed this signer or cancelled the document, or a signer rejected it.`,
    tags,
    security: "none",
    params: signatureParams,
    responses: { 200: { description: "The PDF.", contentType: "application/pdf" }, ...gone },
  },
  {
    method: "post",
    path: "/v1/signatures/{signatureId}/sign",
    operationId: "signWithCertificate",
    summary: "Sign with a national certificate (e.firma, FIREL, TEPJF) or a verified identity (RUBRICA)",
    description: `${link} Send the certificate and a CMS detached signature (SignedData, SHA-256, RSA) whose signed attributes carry contentType, messageDigest = the document's original hash and signing-certificate-v2; it is made in the signer's browser and the private key never leaves it. The server checks the CMS, that the certificate chains to an authority trusted for the type (TRUSTED_CA_DIR/<TYPE>), is valid now, may sign, is not revoked (OCSP), and carries the RFC the owner asked for; then stamps the signature value (RFC 3161). Of concurrent attempts exactly one succeeds; the rest get 409. When the last signer signs, the document is sealed by a job. 503 when revocation cannot be checked. With type RUBRICA the certificate is the one POST /v1/signatures/{signatureId}/identity/certificate issued last to this signer, within its 15 minutes; it chains to the platform's identity CA and is not checked by OCSP (short-lived).`,
    tags,
    security: "none",
    params: signatureParams,
    body: signBody,
    responses: { 200: { description: "Signed; the link's new state.", schema: signingLinkView }, ...gone, 503: { description: "Revocation could not be checked; try again.", schema: errorBody } },
  },
  {
    method: "post",
    path: "/v1/signatures/{signatureId}/identity",
    operationId: "startSignerVerification",
    summary: "RUBRICA: verify the signer's identity",
    description: `${link} Opens an identity verification (INE, CURP and LIVENESS_DETECTION) for the signer, charged to the document's owner (one transaction; 402 when they have none left), whose verification page sends the signer back to the signing link when done. No body. Idempotent while a verification is OPEN, VERIFYING or VERIFIED: the same one is kept. After a FAILED one (or one verifying somebody else than the signatory: MISMATCH) a new one is opened, up to 3 per signer. The answer is the link's state; \`identity_verification.verification_url\` is the page to open. VERIFIED needs result 100 and the verified person to be the signatory the owner named: every word of the name the owner typed is the person's (RENAPO's record), including the first surname and a given name, accents, Ñ and case aside; and when the owner gave a person's RFC, its first ten characters (name letters and birth date) are the verified CURP's. Otherwise the state is MISMATCH.`,
    tags,
    security: "none",
    params: signatureParams,
    responses: { 200: { description: "The link's state with the verification.", schema: signingLinkView }, 402: { description: "The document's owner has no identity transactions left.", schema: errorBody }, ...gone },
  },
  {
    method: "post",
    path: "/v1/signatures/{signatureId}/identity/certificate",
    operationId: "issueSignerCertificate",
    summary: "RUBRICA: certify the signer's browser key",
    description: `${link} Once the signer's identity is VERIFIED, their browser makes an RSA key that cannot be exported and sends a PKCS#10 request signed with it; the platform's identity CA (RUBRICA AC DE IDENTIDAD VERIFICADA, under the platform root) issues a certificate for the verified name and CURP (subject shaped like SAT's: CN, name, serialNumber = "CURP / "), valid 15 minutes. The browser then signs the document's original hash with it and calls /sign with type RUBRICA. A new request replaces the previous certificate (a reload loses the key). 409 when the identity is not verified.`,
    tags,
    security: "none",
    params: signatureParams,
    body: identityCertificateBody,
    responses: { 200: { description: "The certificate and its chain.", schema: identityCertificateView }, ...gone },
  },
  {
    method: "post",
    path: "/v1/signatures/{signatureId}/reject",
    operationId: "rejectSigning",
    summary: "Reject signing, with a reason",
    description: `${link} The signer becomes REJECTED and the document rejected (sign_status 3, rejected_message = the reason); every other link then says so.`,
    tags,
    security: "none",
    params: signatureParams,
    body: rejectBody,
    responses: { 200: { description: "Rejected; the link's new state.", schema: signingLinkView }, ...gone },
  },
  {
    method: "get",
    path: "/v1/verify",
    operationId: "verifyHash",
    summary: "Verify by hash (the QR code of a signature sheet)",
    description: "No authentication. Whether a document with this original or sealed SHA-256 was signed with Rúbrica, its state, signers (name, RFC, CURP, certificate number and issuer, type, time; never e-mails) and constancy.",
    tags: ["Verification (public)"],
    security: "none",
    query: verifyHashQuery,
    responses: { 200: { description: "The verification (found false when unknown).", schema: verificationBody }, 429: { description: TOO_MANY_REQUESTS, schema: errorBody } },
  },
  {
    method: "post",
    path: "/v1/verify",
    operationId: "verifyFile",
    summary: "Verify a PDF, an XML record or a constancia",
    description:
      "No authentication. multipart/form-data with `file` (a PDF or an XML record), or `hash` (a SHA-256 in hex) instead of the file, and optionally `constancy`: an RFC 3161 TimeStampResp or bare TimeStampToken (a NOM-151 constancia de conservación), DER or Base64, as a file or a text part (64 KB at most). " +
      "What this installation knows: a PDF is `intact` when it is byte for byte a document Rúbrica sealed (`matched: sealed`) or an original under signing (`matched: original`); an XML record when it carries the platform seal's XML-DSig signature and every field equals the document it names. " +
      "What the file itself says, whoever made it: for a PDF, `signatures` lists every signature it carries (found by its /ByteRange), each with what it covers, whether its CMS is intact over those bytes (`integrity`, the same verdict pdfsig gives), who signed and when (the signature's time stamp when it has one), and the configured roots its certificate chains to at that time (`trusted_type`: EFIRMA, FIREL, TEPJF from TRUSTED_CA_DIR, PLATFORM, NOM151); document time stamps (ETSI.RFC3161) are checked as time stamps. What later revisions changed is not analysed (`covers_whole_file` says whether any were appended). " +
      "With `constancy`, `data.constancy` is `{valid, imprint, gen_time, tsa, policy, serial_number, chain, problems, covers, covered_bytes}`: valid only when the PSC granted it, it covers the file's SHA-256 (or an earlier revision of the PDF, as this installation's constancia covers the original of the sealed file, which begins with it) or the hash, the PSC's signature over the TSTInfo and messageDigest are valid, and its certificate chains at genTime to TSA_ROOTS (by default the Secretaría de Economía's ACR2-SE) or the platform's root; no timeStamping extended key usage is required (accredited PSCs issue without it) and negative serials are read as such. `problems` are in the request's language (locale cookie, else Accept-Language, else Spanish).",
    tags: ["Verification (public)"],
    security: "none",
    responses: { 200: { description: "The verification.", schema: submissionVerificationBody }, 413: { description: "File too large.", schema: errorBody }, 415: { description: "Not multipart.", schema: errorBody }, 429: { description: TOO_MANY_REQUESTS, schema: errorBody } },
  },
];
