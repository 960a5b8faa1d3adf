import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createHierarchy, issueTsaCertificate, type Hierarchy } from "./test-pki";
import { createTimestampToken, readTimestampRequest, readTimestampToken, timestampRequest, timestampResponse, type TsaIdentity } from "./timestamp-token";

let platform: Hierarchy;
let tsa: TsaIdentity;
let dir: string;
const data = new TextEncoder().encode("contrato firmado por Begoña");
let imprint: Uint8Array;

beforeAll(async () => {
  platform = await createHierarchy("EFIRMA");
  const issued = await issueTsaCertificate(platform.issuing, "Rubrica TSA de pruebas");
  tsa = { certificateDer: new Uint8Array(issued.certificate.rawData), privateKey: issued.keys.privateKey };
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tsa-"));
  fs.writeFileSync(path.join(dir, "ca.pem"), `${platform.root.certificate.toString("pem")}\n${platform.issuing.certificate.toString("pem")}\n`);
  fs.writeFileSync(path.join(dir, "tsa.pem"), issued.certificate.toString("pem"));
  fs.writeFileSync(path.join(dir, "data.bin"), data);
  imprint = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
}, 30_000);

const tsVerify = (args: string[]) => spawnSync("openssl", ["ts", "-verify", ...args, "-CAfile", path.join(dir, "ca.pem"), "-untrusted", path.join(dir, "tsa.pem")], { encoding: "utf8" });

describe("RFC 3161 time-stamp tokens", () => {
  it("answer a TimeStampReq that openssl ts -verify accepts against the data", async () => {
    const nonce = crypto.getRandomValues(new Uint8Array(8));
    // Positive, and no leading zero byte: a 0x00 first byte before one below 0x80 is not minimal
    // DER, which openssl refuses (this test failed once in ~256 runs before).
    nonce[0] = (nonce[0]! & 0x7f) || 1;
    const request = readTimestampRequest(timestampRequest(imprint, nonce));
    expect(Buffer.from(request.messageImprint)).toEqual(Buffer.from(imprint));
    const token = await createTimestampToken({ tsa, messageImprint: request.messageImprint, nonce: request.nonce, serialNumber: 42n, genTime: new Date("2026-11-22T12:00:00Z") });
    fs.writeFileSync(path.join(dir, "resp.tsr"), timestampResponse(token));
    const ok = tsVerify(["-in", path.join(dir, "resp.tsr"), "-data", path.join(dir, "data.bin")]);
    expect(ok.stdout + ok.stderr).toContain("Verification: OK");
    // The token alone verifies too (as embedded in a PDF or stored as a constancy).
    fs.writeFileSync(path.join(dir, "token.der"), token);
    const alone = tsVerify(["-in", path.join(dir, "token.der"), "-token_in", "-digest", Buffer.from(imprint).toString("hex")]);
    expect(alone.stdout + alone.stderr).toContain("Verification: OK");
    const text = execFileSync("openssl", ["ts", "-reply", "-in", path.join(dir, "resp.tsr"), "-text"], { encoding: "utf8" });
    expect(text).toContain("Serial number: 0x2A");
  });

  it("fails openssl ts -verify for other data", async () => {
    const token = await createTimestampToken({ tsa, messageImprint: imprint, serialNumber: 7n, genTime: new Date() });
    fs.writeFileSync(path.join(dir, "resp2.tsr"), timestampResponse(token));
    fs.writeFileSync(path.join(dir, "other.bin"), "otro contrato");
    const failed = tsVerify(["-in", path.join(dir, "resp2.tsr"), "-data", path.join(dir, "other.bin")]);
    expect(failed.status).not.toBe(0);
  });

  it("reads back time, serial and imprint for the constancy", async () => {
    const token = await createTimestampToken({ tsa, messageImprint: imprint, serialNumber: 0xabcdefn, genTime: new Date("2026-11-22T12:00:00Z") });
    expect(readTimestampToken(token)).toEqual({
      genTime: new Date("2026-11-22T12:00:00Z"),
      serialNumber: "ABCDEF",
      messageImprint: Buffer.from(imprint).toString("hex").toUpperCase(),
      hashAlgorithm: "SHA-256",
      policy: "1.3.6.1.4.1.59999.1.1",
    });
  });
});
