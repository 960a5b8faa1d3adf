import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { beforeAll, describe, expect, it } from "vitest";
import { buildOcspRequest, crlDistributionPoints, readCrl, readOcspResponse } from "./revocation-answers";
import { answerOcspRequest } from "./test-ocsp-responder";
import { createHierarchy, issueOcspResponderCertificate, issueSignerCertificate, type Hierarchy } from "./test-pki";

let sat: Hierarchy;
let signer: Uint8Array;
let issuer: Uint8Array;
const nonce = new Uint8Array(16).fill(7);
const now = new Date();

beforeAll(async () => {
  sat = await createHierarchy("EFIRMA");
  signer = new Uint8Array((await issueSignerCertificate(sat, { name: "BEGOÑA NÚÑEZ", rfc: "GODE561231GR8", curp: "BOXW310820HNERXN09", certificateNumber: "00001000000504465028" })).certificate.rawData);
  issuer = new Uint8Array(sat.issuing.certificate.rawData);
}, 30_000);

const reading = (over: Partial<Parameters<typeof readOcspResponse>[1]> = {}) => ({ certificateDer: signer, issuerDer: issuer, trustedResponders: [], nonce, now, ...over });

describe("OCSP request and answer", () => {
  it("builds a request openssl reads: SHA-1 CertID for the certificate's serial, with our nonce", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ocsp-"));
    fs.writeFileSync(path.join(dir, "req.der"), await buildOcspRequest(signer, issuer, nonce));
    const text = execFileSync("openssl", ["ocsp", "-reqin", path.join(dir, "req.der"), "-req_text", "-noverify"], { encoding: "utf8" });
    expect(text).toContain("Hash Algorithm: sha1");
    expect(text).toContain(`Serial Number: ${Buffer.from("00001000000504465028").toString("hex").toUpperCase()}`);
    expect(text).toContain("OCSP Nonce");
  });

  it("takes an answer from a responder the issuer delegated to (carried in the answer, EKU OCSPSigning), and refuses one from a stranger unless trusted as given", async () => {
    const delegated = await issueOcspResponderCertificate(sat.issuing, "OCSP DELEGADO");
    const request = await buildOcspRequest(signer, issuer, nonce);
    const good = await answerOcspRequest(request, { certificate: delegated.certificate, privateKey: delegated.keys.privateKey }, () => "good");
    expect(await readOcspResponse(good, reading())).toEqual({ status: "good" });

    const elsewhere = await createHierarchy("PLATFORM");
    const stranger = await issueOcspResponderCertificate(elsewhere.issuing, "OCSP AJENO");
    const revoked = await answerOcspRequest(request, { certificate: stranger.certificate, privateKey: stranger.keys.privateKey }, () => "revoked");
    expect(await readOcspResponse(revoked, reading())).toMatchObject({ status: "unknown", detail: expect.stringMatching(/not signed by the issuer or a responder trusted/) });
    expect(await readOcspResponse(revoked, reading({ trustedResponders: [new Uint8Array(stranger.certificate.rawData)] }))).toMatchObject({ status: "revoked", revokedAt: expect.any(Date) });
  }, 30_000);

  it("refuses another request's nonce, a stale answer and an answer about another certificate", async () => {
    const request = await buildOcspRequest(signer, issuer, nonce);
    const answer = await answerOcspRequest(request, { certificate: sat.issuing.certificate, privateKey: sat.issuing.keys.privateKey }, () => "good");
    expect(await readOcspResponse(answer, reading({ nonce: new Uint8Array(16).fill(8) }))).toMatchObject({ detail: expect.stringMatching(/another request's nonce/) });
    expect(await readOcspResponse(answer, reading({ now: new Date(now.getTime() + 2 * 3600_000) }))).toMatchObject({ detail: expect.stringMatching(/out of date/) });
    const other = new Uint8Array((await issueSignerCertificate(sat, { name: "OTRA", rfc: "MAB9307148T4", curp: "BOXW310820HNERXN09", certificateNumber: "00001000000504465029" })).certificate.rawData);
    expect(await readOcspResponse(answer, reading({ certificateDer: other }))).toMatchObject({ detail: expect.stringMatching(/about another certificate/) });
  }, 30_000);

  it("reports a refusal (tryLater) and bytes that are no answer as unknown", async () => {
    const tryLater = new pkijs.OCSPResponse({ responseStatus: new asn1js.Enumerated({ value: 3 }) }).toSchema().toBER(false);
    expect(await readOcspResponse(new Uint8Array(tryLater), reading())).toMatchObject({ status: "unknown", detail: expect.stringMatching(/tryLater/) });
    expect(await readOcspResponse(new Uint8Array([1, 2, 3]), reading())).toMatchObject({ status: "unknown" });
  });
});

describe("CRL", () => {
  async function crlFrom(authority: Hierarchy["issuing"], revokedSerials: string[], nextUpdate: Date) {
    const issuerCert = pkijs.Certificate.fromBER(authority.certificate.rawData);
    const crl = new pkijs.CertificateRevocationList({ version: 1, issuer: issuerCert.subject, thisUpdate: new pkijs.Time({ type: 0, value: new Date(now.getTime() - 3600_000) }), nextUpdate: new pkijs.Time({ type: 0, value: nextUpdate }) });
    crl.revokedCertificates = revokedSerials.map((hex) => new pkijs.RevokedCertificate({ userCertificate: new asn1js.Integer({ valueHex: new Uint8Array(Buffer.from(hex, "hex")).buffer }), revocationDate: new pkijs.Time({ type: 0, value: now }) }));
    await crl.sign(authority.keys.privateKey, "SHA-256");
    return new Uint8Array(crl.toSchema(true).toBER(false));
  }

  it("reads the issuer's current CRL for the serial, and distrusts one signed by another or out of date", async () => {
    const serial = pkijs.Certificate.fromBER(signer.slice().buffer).serialNumber.valueBlock.valueHexView;
    const listed = await crlFrom(sat.issuing, [Buffer.from(serial).toString("hex")], new Date(now.getTime() + 864e5));
    expect(await readCrl(listed, { certificateDer: signer, issuerDer: issuer, now })).toMatchObject({ status: "revoked" });
    expect(await readCrl(await crlFrom(sat.issuing, [], new Date(now.getTime() + 864e5)), { certificateDer: signer, issuerDer: issuer, now })).toEqual({ status: "good" });
    expect(await readCrl(await crlFrom(sat.issuing, [], new Date(now.getTime() - 864e5)), { certificateDer: signer, issuerDer: issuer, now })).toMatchObject({ detail: "The CRL is out of date." });
    const other = await createHierarchy("FIREL");
    expect(await readCrl(await crlFrom(other.issuing, [], new Date(now.getTime() + 864e5)), { certificateDer: signer, issuerDer: issuer, now })).toMatchObject({ detail: "The CRL is not signed by the issuer." });
    expect(crlDistributionPoints(signer)).toEqual([]); // SAT publishes none; sandbox certificates neither
  }, 30_000);
});
