import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, StandardFonts, type PDFRef } from "pdf-lib";
import * as pkijs from "pkijs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPadesCms } from "@/lib/crypto/pades-signature";
import { createHierarchy, issueSignerCertificate, issueTsaCertificate, type Hierarchy } from "@/lib/crypto/test-pki";
import { createTimestampToken } from "@/lib/crypto/timestamp-token";
import { loadForIncrementalUpdate } from "@/lib/pdf/incremental-update";
import { sealPdf } from "@/lib/pdf/seal-pdf";
import { extendToLongTerm } from "./long-term-validation";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rubrica-ltv-"));
const run = (command: string, args: string[]) => spawnSync(command, args, { encoding: "utf8" });
const pem = (der: ArrayBuffer | Uint8Array) => `-----BEGIN CERTIFICATE-----\n${Buffer.from(der as Uint8Array).toString("base64").replace(/(.{64})/g, "$1\n")}\n-----END CERTIFICATE-----\n`;
const der = (certificate: { rawData: ArrayBuffer }) => new Uint8Array(certificate.rawData);

let platform: Hierarchy;
let seal: Awaited<ReturnType<typeof issueSignerCertificate>>;
let tsa: Awaited<ReturnType<typeof issueTsaCertificate>>;
let file: string;
let bytes: Buffer;

beforeAll(async () => {
  platform = await createHierarchy("PLATFORM");
  seal = await issueSignerCertificate(platform, { name: "RÚBRICA SELLO DE DOCUMENTOS", rfc: "RUB2611229A0", curp: "XEXX010101HNEXXXA4", certificateNumber: "1" });
  tsa = await issueTsaCertificate(platform.issuing, "RUBRICA TSA");
  fs.writeFileSync(path.join(dir, "root.pem"), pem(platform.root.certificate.rawData));
  fs.writeFileSync(path.join(dir, "chain.pem"), pem(platform.issuing.certificate.rawData) + pem(tsa.certificate.rawData));
  let serial = 1n;
  const stamp = (imprint: Uint8Array) => createTimestampToken({ tsa: { certificateDer: der(tsa.certificate), privateKey: tsa.keys.privateKey }, messageImprint: imprint, serialNumber: serial++, genTime: new Date() });

  const original = await PDFDocument.create();
  const font = await original.embedFont(StandardFonts.Helvetica);
  original.addPage([612, 792]).drawText("Contrato de prueba", { x: 72, y: 700, size: 14, font });
  let cms: Uint8Array | undefined;
  const doc = await loadForIncrementalUpdate(await original.save({ useObjectStreams: false }));
  const sealed = await sealPdf(doc, { reason: "test", location: "México", name: "Rúbrica", contactInfo: "test", signingTime: new Date() }, async (content) => {
    cms = await createPadesCms({ content, certificateDer: der(seal.certificate), chainDer: [der(platform.issuing.certificate)], privateKey: seal.keys.privateKey, timestamp: async (value) => stamp(new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(value)))) });
    return cms;
  });
  const authorities = [platform.issuing, platform.root].map((a) => ({ certificate: a.certificate, privateKey: a.keys.privateKey }));
  bytes = Buffer.from(await extendToLongTerm(doc, sealed, { cms: cms!, certificates: [der(seal.certificate), der(tsa.certificate), der(platform.issuing.certificate)], authorities, stamp }));
  expect(bytes.subarray(0, sealed.byteLength).equals(Buffer.from(sealed))).toBe(true); // incremental
  file = path.join(dir, "lta.pdf");
  fs.writeFileSync(file, bytes);
}, 60_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const byteRanges = (data: Buffer) => [...data.toString("latin1").matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].map((m) => m.slice(1).map(Number));

describe("PAdES-B-LTA (seal, DSS, document time-stamp)", () => {
  it("pdfsig finds the seal valid and the document time-stamp covering the whole file; qpdf --check passes", () => {
    const check = run("pdfsig", [file]);
    expect(check.stdout).toContain("Signature #1:");
    expect(check.stdout).toContain("Signature #2:");
    const [first, second] = check.stdout.split("Signature #2:");
    expect(first).toContain("Signature Type: ETSI.CAdES.detached");
    expect(first).toContain("Signature Validation: Signature is Valid.");
    // poppler 22.12 names no type for /ETSI.RFC3161 and does not verify document time-stamps.
    expect(second).toContain("Signer Certificate Common Name: RUBRICA TSA");
    expect(second).toMatch(/Signature Type: (unknown|ETSI\.RFC3161)/);
    expect(second).toContain("Total document signed");
    const qpdf = run("qpdf", ["--check", file]);
    expect(qpdf.status).toBe(0);
    expect(qpdf.stdout).toContain("No syntax or stream encoding errors found");
  });

  it("openssl ts -verify accepts the document time-stamp over its ByteRange, against the TSA chain", () => {
    const [a, b, c, d] = byteRanges(bytes).at(-1)!;
    fs.writeFileSync(path.join(dir, "covered.bin"), Buffer.concat([bytes.subarray(a!, a! + b!), bytes.subarray(c!, c! + d!)]));
    const token = Buffer.from(bytes.subarray(a! + b! + 1, c! - 1).toString("latin1"), "hex");
    fs.writeFileSync(path.join(dir, "doc-ts.der"), token);
    const verified = run("openssl", ["ts", "-verify", "-data", path.join(dir, "covered.bin"), "-in", path.join(dir, "doc-ts.der"), "-token_in", "-CAfile", path.join(dir, "root.pem"), "-untrusted", path.join(dir, "chain.pem")]);
    expect(verified.stdout).toContain("Verification: OK");
  });

  it("stores the seal's and the TSA's chains and revocation answers in /DSS, with a /VRI for the seal", async () => {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    const dss = pdf.catalog.lookup(PDFName.of("DSS"), PDFDict);
    const contents = (name: string) => dss.lookup(PDFName.of(name), PDFArray).asArray().map((ref) => Buffer.from((pdf.context.lookup(ref as PDFRef) as PDFRawStream).contents));
    const certificates = contents("Certs").map((c) => c.toString("base64"));
    for (const c of [seal.certificate, tsa.certificate, platform.issuing.certificate, platform.root.certificate]) expect(certificates).toContain(Buffer.from(c.rawData).toString("base64"));
    // OCSP answers for the seal, the TSA and the issuing CA; a CRL from each authority.
    const ocsps = contents("OCSPs").map((o) => pkijs.BasicOCSPResponse.fromBER(pkijs.OCSPResponse.fromBER(new Uint8Array(o).buffer).responseBytes!.response.getValue()));
    const serials = ocsps.flatMap((o) => o.tbsResponseData.responses.map((r) => Buffer.from(r.certID.serialNumber.valueBlock.valueHexView).toString("hex")));
    for (const c of [seal.certificate, tsa.certificate, platform.issuing.certificate]) expect(serials).toContain(Buffer.from(pkijs.Certificate.fromBER(c.rawData).serialNumber.valueBlock.valueHexView).toString("hex"));
    expect(ocsps.every((o) => o.tbsResponseData.responses.every((r) => r.certStatus.idBlock.tagNumber === 0))).toBe(true); // good
    expect(contents("CRLs")).toHaveLength(2);
    const vri = dss.lookup(PDFName.of("VRI"), PDFDict);
    expect(vri.keys()).toHaveLength(1);
    expect(vri.keys()[0]!.asString()).toMatch(/^\/[0-9A-F]{40}$/);
  });

  it("with an external TSA, stores the certificates its tokens carry and no revocation data of ours for them", async () => {
    const outside = await createHierarchy("EFIRMA");
    const externalTsa = await issueTsaCertificate(outside.issuing, "TSA EXTERNA");
    const stamp = (imprint: Uint8Array) => createTimestampToken({ tsa: { certificateDer: der(externalTsa.certificate), privateKey: externalTsa.keys.privateKey }, messageImprint: imprint, serialNumber: 7n, genTime: new Date() });
    const original = await PDFDocument.create();
    original.addPage([612, 792]);
    const doc = await loadForIncrementalUpdate(await original.save());
    let cms: Uint8Array | undefined;
    const sealed = await sealPdf(doc, { reason: "test", location: "México", name: "Rúbrica", contactInfo: "test", signingTime: new Date() }, async (content) => {
      cms = await createPadesCms({ content, certificateDer: der(seal.certificate), chainDer: [der(platform.issuing.certificate)], privateKey: seal.keys.privateKey, timestamp: async (value) => stamp(new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(value)))) });
      return cms;
    });
    const authorities = [platform.issuing, platform.root].map((a) => ({ certificate: a.certificate, privateKey: a.keys.privateKey }));
    const lta = await extendToLongTerm(doc, sealed, { cms: cms!, certificates: [der(seal.certificate), der(platform.issuing.certificate)], authorities, stamp });
    const pdf = await PDFDocument.load(lta, { updateMetadata: false });
    const dss = pdf.catalog.lookup(PDFName.of("DSS"), PDFDict);
    const stored = (name: string) => dss.lookup(PDFName.of(name), PDFArray).asArray().map((ref) => Buffer.from((pdf.context.lookup(ref as PDFRef) as PDFRawStream).contents));
    expect(stored("Certs").map((c) => c.toString("base64"))).toContain(Buffer.from(externalTsa.certificate.rawData).toString("base64"));
    // OCSP answers for the seal and our issuing CA only; CRLs from our two authorities only.
    expect(stored("OCSPs")).toHaveLength(2);
    expect(stored("CRLs")).toHaveLength(2);
  });

  it("a changed byte inside the seal's range breaks the seal", () => {
    const tampered = Buffer.from(bytes);
    const at = tampered.indexOf("stream\n") + "stream\n".length + 10; // the page's content
    expect(at).toBeLessThan(byteRanges(bytes)[0]![1]!);
    tampered[at]! ^= 1;
    const out = path.join(dir, "tampered.pdf");
    fs.writeFileSync(out, tampered);
    const check = run("pdfsig", [out]);
    expect(check.stdout).not.toContain("Signature is Valid");
    expect(check.stdout).toContain("Digest Mismatch");
  });
});
