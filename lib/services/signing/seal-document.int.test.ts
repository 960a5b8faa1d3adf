import { execFileSync, spawnSync } from "node:child_process";
import nodeCrypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as pkijs from "pkijs";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFRef } from "pdf-lib";
import { getDb, type Db } from "@/lib/db/client";
import { SIGNATURE_TIMESTAMP_OID } from "@/lib/crypto/pades-signature";
import { readTimestampToken } from "@/lib/crypto/timestamp-token";
import { documents, signatories } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { seedDocument } from "@/test/factories/documents";
import { seedUserWithKey } from "@/test/factories/seed";
import { seedSignedDocument } from "@/test/factories/signing";
import { call } from "@/test/http";
import { GET as getDocument } from "@/app/v1/documents/[uuid]/route";
import { GET as getPdf } from "@/app/v1/documents/[uuid]/pdf/route";
import { GET as getXml } from "@/app/v1/documents/[uuid]/xml/route";
import { GET as getConstancy } from "@/app/v1/documents/[uuid]/constancy/route";
import { POST as verify } from "@/app/v1/verify/route";
import { sealDocument } from "./seal-document";
import { signingEnvironment } from "./signing-environment";
import { sweepUnsealed } from "./sweep-unsealed";
import { nssTrustingRoot } from "@/test/nss-trust";

let dir: string;
let nssDir: string;

beforeAll(async () => {
  const { platform } = await signingEnvironment();
  ({ dir, nssDir } = nssTrustingRoot(platform.root.certificate.toString("pem"), "sealed-"));
  fs.writeFileSync(path.join(dir, "platform.pem"), `${platform.root.certificate.toString("pem")}\n${platform.issuing.certificate.toString("pem")}\n`);
  fs.writeFileSync(path.join(dir, "tsa.pem"), platform.tsa.certificate.toString("pem"));
  const trustDir = path.join(env().TRUSTED_CA_DIR, "EFIRMA");
  fs.writeFileSync(path.join(dir, "efirma.pem"), fs.readdirSync(trustDir).map((f) => fs.readFileSync(path.join(trustDir, f), "utf8")).join("\n"));
}, 60_000);

const fullySigned = seedSignedDocument;

/** The PAdES CMS in /Contents of a sealed PDF: its timestamp token and the SHA-256 of its signature value. */
function sealCmsOf(pdf: Buffer) {
  // /Contents is zero-padded to its reserved size; the BER reader stops at the end of the CMS.
  const hex = /\/Contents\s*<([0-9a-fA-F]+)>/.exec(pdf.toString("latin1"))![1]!;
  const info = pkijs.ContentInfo.fromBER(new Uint8Array(Buffer.from(hex, "hex")).buffer);
  const signer = new pkijs.SignedData({ schema: info.content }).signerInfos[0]!;
  const token = signer.unsignedAttrs!.attributes.find((a) => a.type === SIGNATURE_TIMESTAMP_OID)!.values[0]!;
  const signatureValue = Buffer.from(signer.signature.valueBlock.valueHexView);
  return { timestampToken: Buffer.from(token.toBER(false)), signatureValueSha256: nodeCrypto.createHash("sha256").update(signatureValue).digest("hex") };
}

const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, lines: result.stdout.split("\n") };
};
const pdfsig = (file: string) => run("pdfsig", ["-nssdir", `sql:${nssDir}`, file]);
const tsVerify = (file: string, digest: string, options: { token?: boolean } = {}) =>
  run("openssl", ["ts", "-verify", "-in", file, ...(options.token ? ["-token_in"] : []), "-digest", digest, "-CAfile", path.join(dir, "platform.pem"), "-untrusted", path.join(dir, "tsa.pem")]);
const cmsVerify = (p7s: string, content: string) =>
  run("openssl", ["cms", "-verify", "-binary", "-inform", "DER", "-in", p7s, "-content", content, "-CAfile", path.join(dir, "efirma.pem"), "-purpose", "any", "-out", "/dev/null"]);
const xmlValidate = (file: string) => run("xmllint", ["--noout", "--schema", path.resolve("lib/xml/signing-record.xsd"), file]);

/**
 * A copy of `file` with one byte changed (XOR 1): the byte at `at`, or the last byte of the one
 * place where the bytes `at` occur.
 */
function tamper(file: string, at: number | Buffer): string {
  const bytes = Buffer.from(fs.readFileSync(file));
  let offset = at as number;
  if (Buffer.isBuffer(at)) {
    const found = bytes.indexOf(at);
    expect(found).toBeGreaterThanOrEqual(0);
    expect(bytes.lastIndexOf(at)).toBe(found);
    offset = found + at.length - 1;
  }
  bytes[offset]! ^= 1;
  const out = `${file}.tampered${path.extname(file)}`;
  fs.writeFileSync(out, bytes);
  return out;
}

const download = async (handler: typeof getPdf, key: string, id: string, name: string) => {
  const res = await call(handler, `/v1/documents/${id}/x`, { headers: { "x-api-key": key }, params: { uuid: id } });
  expect(res.status).toBe(200);
  const file = path.join(dir, `${id}-${name}`);
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return { file, res };
};

describe("sealing a fully signed document", () => {
  it("makes a PDF pdfsig trusts, a constancy and signer CMS openssl verifies, and an XML valid against the XSD", async () => {
    const { owner, id, hash } = await fullySigned({ sign_position: "CUSTOM", signatures: [
      { name: "Begoña Núñez", email: "begona@example.com", positions: [{ page: 2, x: 0.1, y: 0.7, width: 0.35, height: 0.1 }] },
      { name: "José Ángel Peña", email: "jose@example.com", positions: [{ page: 2, x: 0.55, y: 0.7, width: 0.35, height: 0.1 }] },
    ] });
    expect(await sealDocument(getDb(), id)).toBe("sealed");
    const { listOutbox } = await import("@/lib/services/messages/list-outbox");
    const completed = (await listOutbox(getDb(), owner.actor)).filter((m) => m.template === "document-completed");
    expect(completed.map((m) => m.recipient).sort()).toEqual([owner.user.email, "begona@example.com", "inigo@example.com", "jose@example.com"].sort());
    expect(completed.find((m) => m.recipient === owner.user.email)!.subject).toBe("«Contrato Ñandú.pdf» está firmado por todos");

    const { data } = await (await call(getDocument, `/v1/documents/${id}`, { headers: { "x-api-key": owner.key }, params: { uuid: id } })).json();
    expect(data.attributes).toMatchObject({ sign_status: 2, sign_status_name: "COMPLETED", signed: true, signed_at: expect.stringMatching(/Z$/) });
    expect(data.relationships.constancy).toEqual({
      type: "constancies",
      id: expect.stringMatching(/^[0-9A-F]+$/),
      links: { self: `/documents/${id}/constancy` },
      attributes: { gen_time: expect.any(String), serial_number: data.relationships.constancy.id, tsa: "Rúbrica TSA", hash_algorithm: "SHA-256", message_imprint: hash },
    });

    const pdf = await download(getPdf, owner.key, id, "sealed.pdf");
    expect(pdf.res.headers.get("content-disposition")).toContain("Contrato%20%C3%91and%C3%BA-firmado.pdf");
    // An incremental update: the original, byte for byte, is where the sealed file starts.
    const originalBytes = await (await import("@/lib/adapters/storage/storage")).fileStorage().get(hash);
    expect(fs.readFileSync(pdf.file).subarray(0, originalBytes.byteLength).equals(Buffer.from(originalBytes))).toBe(true);
    const check = spawnSync("pdfsig", ["-nssdir", `sql:${nssDir}`, pdf.file], { encoding: "utf8" });
    expect(check.stdout).toContain("Signature Validation: Signature is Valid.");
    expect(check.stdout).toContain("Certificate Validation: Certificate is Trusted.");
    expect(check.stdout.split("Signature #2:")[1]).toContain("Total document signed"); // the document time-stamp
    // PAdES-B-LT: the platform's certificates and its own revocation answers in /DSS; qpdf finds the
    // three revisions well formed.
    expect(spawnSync("qpdf", ["--check", pdf.file], { encoding: "utf8" }).stdout).toContain("No syntax or stream encoding errors found");
    const sealedPdf = await PDFDocument.load(fs.readFileSync(pdf.file), { updateMetadata: false });
    const dss = sealedPdf.catalog.lookup(PDFName.of("DSS"), PDFDict);
    const stored = (name: string) => dss.lookup(PDFName.of(name), PDFArray).asArray().map((ref) => Buffer.from((sealedPdf.context.lookup(ref as PDFRef) as PDFRawStream).contents).toString("base64"));
    const { platform } = await signingEnvironment();
    for (const c of [platform.seal.certificate, platform.tsa.certificate, platform.issuing.certificate, platform.root.certificate]) expect(stored("Certs")).toContain(Buffer.from(c.rawData).toString("base64"));
    expect(stored("OCSPs")).toHaveLength(3);
    expect(stored("CRLs")).toHaveLength(2);
    // The seal's own RFC 3161 timestamp (PAdES-B-T), taken out of the PDF, verifies with openssl.
    const sealCms = sealCmsOf(fs.readFileSync(pdf.file));
    const sealToken = path.join(dir, `${id}-seal-ts.der`);
    fs.writeFileSync(sealToken, sealCms.timestampToken);
    const sealTs = spawnSync("openssl", ["ts", "-verify", "-in", sealToken, "-token_in", "-digest", sealCms.signatureValueSha256, "-CAfile", path.join(dir, "platform.pem"), "-untrusted", path.join(dir, "tsa.pem")], { encoding: "utf8" });
    expect(sealTs.stdout).toContain("Verification: OK");
    const text = execFileSync("pdftotext", ["-enc", "UTF-8", pdf.file, "-"], { encoding: "utf8" });
    expect(text).toContain("Hoja de firmas");
    // Who signed, as their certificates name them (test/factories/signing.ts).
    expect(text).toContain("BEGOÑA NÚÑEZ");
    expect(text).toContain("JOSÉ ÁNGEL PEÑA");
    expect(text).toContain(hash);
    // The XML record travels inside the PDF.
    const attachments = execFileSync("pdfdetach", ["-list", pdf.file], { encoding: "utf8" });
    expect(attachments).toContain("Contrato Ñandú.xml");

    const constancy = await download(getConstancy, owner.key, id, "constancy.tsr");
    expect(constancy.res.headers.get("content-type")).toBe("application/timestamp-reply");
    const ts = spawnSync("openssl", ["ts", "-verify", "-in", constancy.file, "-digest", hash, "-CAfile", path.join(dir, "platform.pem"), "-untrusted", path.join(dir, "tsa.pem")], { encoding: "utf8" });
    expect(ts.stdout).toContain("Verification: OK");
    // Another digest (the last hex digit changed, never to itself) does not verify.
    const otherDigest = `${hash.slice(0, -1)}${hash.endsWith("0") ? "1" : "0"}`;
    expect(otherDigest).not.toBe(hash);
    const tampered = spawnSync("openssl", ["ts", "-verify", "-in", constancy.file, "-digest", otherDigest, "-CAfile", path.join(dir, "platform.pem"), "-untrusted", path.join(dir, "tsa.pem")], { encoding: "utf8" });
    expect(tampered.status).not.toBe(0);
    expect(tampered.stdout).toContain("Verification: FAILED");
    expect(tampered.stderr).toContain("message imprint mismatch");

    const xml = await download(getXml, owner.key, id, "record.xml");
    expect(execFileSync("xmllint", ["--noout", "--schema", path.resolve("lib/xml/signing-record.xsd"), xml.file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })).toBe("");
    const record = fs.readFileSync(xml.file, "utf8");
    expect(record).toContain('status="COMPLETED" statusCode="2" signed="true"');
    expect(record).toContain("<conservancyRecord");
    // Each signer's CMS, taken from the XML, verifies over the original PDF.
    fs.writeFileSync(path.join(dir, `${id}-original.pdf`), await (await import("@/lib/adapters/storage/storage")).fileStorage().get(hash));
    const cmsList = [...record.matchAll(/<signature>([^<]+)<\/signature>/g)].map((m) => m[1]!);
    expect(cmsList).toHaveLength(2);
    for (const [i, cms] of cmsList.entries()) {
      fs.writeFileSync(path.join(dir, `${id}-${i}.p7s`), Buffer.from(cms, "base64"));
      const verified = spawnSync("openssl", ["cms", "-verify", "-binary", "-inform", "DER", "-in", path.join(dir, `${id}-${i}.p7s`), "-content", path.join(dir, `${id}-original.pdf`), "-CAfile", path.join(dir, "efirma.pem"), "-purpose", "any", "-out", "/dev/null"], { encoding: "utf8" });
      expect(verified.stderr).toContain("Verification successful");
    }
  }, 60_000);

  it("abuse: anyone holding the sealed PDF reads signers' RFC and CURP masked on the sheet and in the attached XML; the owner's /xml keeps them whole, and both verify", async () => {
    const { owner, id, people } = await fullySigned();
    await getDb().update(signatories).set({ curp: "BOXW310820HNERXN09" }).where(eq(signatories.id, people[0]!.id));
    expect(await sealDocument(getDb(), id)).toBe("sealed");
    const pdf = (await download(getPdf, owner.key, id, "sealed.pdf")).file;
    const whole = ["GODE561231GR8", "MAB9307148T4", "BOXW310820HNERXN09"];
    const masked = ["GODE******GR8", "MAB9*****8T4", "BOXW***********N09"];

    const text = execFileSync("pdftotext", ["-enc", "UTF-8", pdf, "-"], { encoding: "utf8" });
    for (const value of whole) expect(text).not.toContain(value);
    for (const value of masked) expect(text).toContain(value);

    const attached = path.join(dir, `${id}-attached.xml`);
    execFileSync("pdfdetach", ["-save", "1", "-o", attached, pdf]);
    const copy = fs.readFileSync(attached, "utf8");
    for (const value of whole) expect(copy).not.toContain(value);
    expect(copy).toContain("<rfc>GODE******GR8</rfc>");
    expect(copy).toContain("<curp>BOXW***********N09</curp>");
    expect(xmlValidate(attached).status).toBe(0);

    const record = fs.readFileSync((await download(getXml, owner.key, id, "record.xml")).file, "utf8");
    expect(record).toContain("<rfc>GODE561231GR8</rfc>");
    expect(record).toContain("<curp>BOXW310820HNERXN09</curp>");

    const verified = async (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.set("file", new File([bytes as BlobPart], name));
      return (await (await call(verify, "/v1/verify", { method: "POST", body: form })).json()).data;
    };
    expect(await verified(fs.readFileSync(pdf), "sealed.pdf")).toMatchObject({ found: true, kind: "pdf", intact: true, matched: "sealed" });
    expect(await verified(Buffer.from(copy), "attached.xml")).toMatchObject({ found: true, kind: "xml", intact: true, matched: "record" });
    expect(await verified(Buffer.from(record), "record.xml")).toMatchObject({ found: true, kind: "xml", intact: true, matched: "record" });
    // A masked copy edited to another masked value no longer matches.
    expect(await verified(Buffer.from(copy.replace("GODE******GR8", "GODX******GR8")), "edited.xml")).toMatchObject({ intact: false });
    expect(pdfsig(pdf).stdout).toContain("Signature is Valid.");
  }, 60_000);

  it("fails every independent verifier when one byte of an artefact changes", async () => {
    const { owner, id, hash } = await fullySigned();
    expect(await sealDocument(getDb(), id)).toBe("sealed");
    const { data } = await (await call(getDocument, `/v1/documents/${id}`, { headers: { "x-api-key": owner.key }, params: { uuid: id } })).json();
    const original = path.join(dir, `${id}-original.pdf`);
    fs.writeFileSync(original, await (await import("@/lib/adapters/storage/storage")).fileStorage().get(hash));

    // The sealed PDF: one byte of the first stream in the file (a page's content), inside the
    // signed range (before /Contents, whose hex is the one part the signature does not cover).
    const pdf = (await download(getPdf, owner.key, id, "sealed.pdf")).file;
    const bytes = fs.readFileSync(pdf);
    const byteRange = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(bytes.toString("latin1"))!.slice(1).map(Number);
    const inContent = bytes.indexOf("stream\n") + "stream\n".length + 10;
    expect(inContent).toBeGreaterThan(10);
    expect(inContent).toBeLessThan(byteRange[1]!); // signed, and not in /Contents
    // The seal, then the document time-stamp (PAdES-B-LTA) over the whole file.
    const sealLines = ["Signature #1:", "  - Signer Certificate Common Name: RÚBRICA SELLO DE DOCUMENTOS", "  - Signature Type: ETSI.CAdES.detached", "  - Not total document signed", "Signature #2:", "  - Signer Certificate Common Name: RUBRICA TSA"];
    const intact = pdfsig(pdf);
    expect(intact.lines).toEqual(expect.arrayContaining([...sealLines, "  - Signature Validation: Signature is Valid."]));
    const changed = pdfsig(tamper(pdf, inContent));
    expect(changed.status).toBe(0); // pdfsig read the file and printed its signature...
    expect(changed.lines).toEqual(expect.arrayContaining([...sealLines, "  - Signature Validation: Digest Mismatch."])); // ...and found it changed
    expect(changed.stdout).not.toContain("Signature is Valid");

    // The constancy (.tsr as served) and the seal's own timestamp token: one byte of the
    // TSTInfo they sign (the last byte of its serial number).
    const constancy = (await download(getConstancy, owner.key, id, "constancy.tsr")).file;
    expect(tsVerify(constancy, hash).stdout).toContain("Verification: OK");
    const brokenTsr = tsVerify(tamper(constancy, Buffer.from(data.relationships.constancy.attributes.serial_number, "hex")), hash);
    expect(brokenTsr.status).toBe(1);
    expect(brokenTsr.stdout).toContain("Verification: FAILED");
    expect(brokenTsr.stderr).toContain("PKCS7_signatureVerify:digest failure");
    const sealCms = sealCmsOf(bytes);
    const sealToken = path.join(dir, `${id}-seal-ts.der`);
    fs.writeFileSync(sealToken, sealCms.timestampToken);
    expect(tsVerify(sealToken, sealCms.signatureValueSha256, { token: true }).stdout).toContain("Verification: OK");
    const sealSerial = readTimestampToken(new Uint8Array(sealCms.timestampToken)).serialNumber;
    const brokenToken = tsVerify(tamper(sealToken, Buffer.from(sealSerial, "hex")), sealCms.signatureValueSha256, { token: true });
    expect(brokenToken.status).toBe(1);
    expect(brokenToken.stdout).toContain("Verification: FAILED");
    expect(brokenToken.stderr).toContain("PKCS7_signatureVerify:digest failure");

    // A signer's CMS as the XML serves it: one byte of its signed messageDigest (the original hash).
    const xml = (await download(getXml, owner.key, id, "record.xml")).file;
    const cms = path.join(dir, `${id}-signer.p7s`);
    fs.writeFileSync(cms, Buffer.from(/<signature>([^<]+)<\/signature>/.exec(fs.readFileSync(xml, "utf8"))![1]!, "base64"));
    expect(cmsVerify(cms, original).stderr).toContain("Verification successful");
    const brokenCms = cmsVerify(tamper(cms, Buffer.from(hash, "hex")), original);
    expect(brokenCms.status).not.toBe(0);
    expect(brokenCms.stderr).toContain("CMS Verification failure");
    expect(brokenCms.stderr).toContain("CMS_SignerInfo_verify:verification failure");
    expect(brokenCms.stderr).not.toContain("Verification successful");

    // The XML: one byte of an attribute the schema types (statusCode is a non-negative integer).
    expect(xmlValidate(xml).status).toBe(0);
    const record = fs.readFileSync(xml, "utf8");
    expect(record).toContain('statusCode="2"');
    const badXml = path.join(dir, `${id}-record-tampered.xml`);
    fs.writeFileSync(badXml, record.replace('statusCode="2"', 'statusCode="x"'));
    const invalid = xmlValidate(badXml);
    expect(invalid.status).not.toBe(0);
    expect(invalid.stderr).toContain("attribute 'statusCode': 'x' is not a valid value of the atomic type 'xs:nonNegativeInteger'.");
    expect(invalid.stderr).toContain(`${badXml} fails to validate`);
  }, 60_000);

  it("survives a crash before commit: the retry seals once, with one constancy", async () => {
    const { id } = await fullySigned();
    const crashing = new Proxy(getDb(), {
      get(target, prop, receiver) {
        if (prop === "transaction") return () => Promise.reject(new Error("worker killed"));
        return Reflect.get(target, prop, receiver);
      },
    }) as Db;
    await expect(sealDocument(crashing, id)).rejects.toThrow("worker killed");
    const [half] = await getDb().select().from(documents).where(eq(documents.id, id));
    expect(half).toMatchObject({ sealedHash: null, constancy: null, signStatus: 1 });

    // The sweeper finds it (once it has waited its grace period) and the retry seals it.
    expect(await sweepUnsealed(getDb(), new Date(Date.now() + 10 * 60_000))).toContain(id);
    const outcomes = await Promise.all([sealDocument(getDb(), id), sealDocument(getDb(), id)]);
    expect(outcomes.sort()).toEqual(["already-sealed", "sealed"]);
    expect(await sealDocument(getDb(), id)).toBe("already-sealed");
    const events = await getDb().execute(sql`select count(*)::int as n from audit_events where action = 'document.sealed' and subject_id = ${id}`);
    expect(events[0]!.n).toBe(1);
    const [done] = await getDb().select().from(documents).where(eq(documents.id, id));
    expect(done!.signStatus).toBe(2);
    expect(done!.sealedHash).toMatch(/^[0-9A-F]{64}$/);
  }, 60_000);

  it("does nothing while a signer is pending", async () => {
    const owner = await seedUserWithKey();
    const id = await seedDocument(owner.actor);
    expect(await sealDocument(getDb(), id)).toBe("not-ready");
    expect(await sweepUnsealed(getDb(), new Date(Date.now() + 10 * 60_000))).not.toContain(id);
  });
});
