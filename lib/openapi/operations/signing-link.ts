import { errorBody } from "@/lib/schemas/common";
import { rejectBody, signatureParams, signBody, signingLinkView } from "@/lib/schemas/signing-link";
import { verificationBody, verifyHashQuery } from "@/lib/schemas/verify";
import type { Operation } from "../registry";

const tags = ["Signing link (public)"];
const link = "No authentication: the signature id (the signer's link `/signature/sign-document/{signature_id}`) is the secret. Rate-limited per id and per client address (429). Every view and action is recorded in the audit log with the address.";
const gone = { 404: { description: "Unknown link.", schema: errorBody }, 409: { description: "The link cannot act now: already signed or rejected, removed, document cancelled or rejected, or not this signer's turn (the message says which).", schema: errorBody }, 429: { description: "Too many requests.", schema: errorBody } };

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
    description: `${link} The original until the document is sealed, then the sealed PDF.`,
    tags,
    security: "none",
    params: signatureParams,
    responses: { 200: { description: "The PDF.", contentType: "application/pdf" }, ...gone },
  },
  {
    method: "post",
    path: "/v1/signatures/{signatureId}/sign",
    operationId: "signWithCertificate",
    summary: "Sign with a national certificate (e.firma, FIREL, TEPJF)",
    description: `${link} Send the certificate and a CMS detached signature (SignedData, SHA-256, RSA) whose signed attributes carry contentType, messageDigest = the document's original hash and signing-certificate-v2; it is made in the signer's browser and the private key never leaves it. The server checks the CMS, that the certificate chains to an authority trusted for the type (TRUSTED_CA_DIR/<TYPE>), is valid now, may sign, is not revoked (OCSP), and carries the RFC the owner asked for; then stamps the signature value (RFC 3161). Of concurrent attempts exactly one succeeds; the rest get 409. When the last signer signs, the document is sealed by a job. 503 when revocation cannot be checked.`,
    tags,
    security: "none",
    params: signatureParams,
    body: signBody,
    responses: { 200: { description: "Signed; the link's new state.", schema: signingLinkView }, ...gone, 503: { description: "Revocation could not be checked; try again.", schema: errorBody } },
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
    responses: { 200: { description: "The verification (found false when unknown).", schema: verificationBody }, 429: { description: "Too many requests.", schema: errorBody } },
  },
  {
    method: "post",
    path: "/v1/verify",
    operationId: "verifyFile",
    summary: "Verify a PDF or XML",
    description: "No authentication. multipart/form-data with `file`: a PDF is intact when it is byte for byte a document Rúbrica sealed (`matched: sealed`) or an original under signing (`matched: original`); an XML record when every signature it carries is one recorded for its document. Unknown or modified files answer found false, intact false. The sealed PDF can also be checked offline: its PAdES signature with pdfsig or Acrobat, the constancy with openssl ts -verify.",
    tags: ["Verification (public)"],
    security: "none",
    responses: { 200: { description: "The verification.", schema: verificationBody }, 413: { description: "File too large.", schema: errorBody }, 415: { description: "Not multipart.", schema: errorBody }, 429: { description: "Too many requests.", schema: errorBody } },
  },
];
