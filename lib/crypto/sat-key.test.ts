import { execFileSync } from "node:child_process";
import nodeCrypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decryptSatKey, NotAKeyFileError, WrongKeyPasswordError } from "./sat-key";

const { privateKey } = nodeCrypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
const plainPkcs8 = privateKey.export({ type: "pkcs8", format: "der" });

function opensslKey(args: string[]): Uint8Array {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "key-"));
  fs.writeFileSync(path.join(dir, "plain.der"), plainPkcs8);
  execFileSync("openssl", ["pkcs8", "-topk8", "-inform", "DER", "-in", path.join(dir, "plain.der"), "-outform", "DER", "-out", path.join(dir, "enc.key"), "-passout", "pass:Contraseña1", ...args], { stdio: "pipe" });
  return fs.readFileSync(path.join(dir, "enc.key"));
}

describe("decryptSatKey", () => {
  it.each([
    ["PBES2 + 3DES (as SAT issues them)", ["-v2", "des3"]],
    ["PBES2 + 3DES with HMAC-SHA1", ["-v2", "des3", "-v2prf", "hmacWithSHA1"]],
    ["legacy pbeWithSHA1And3-KeyTripleDES-CBC", ["-v1", "PBE-SHA1-3DES"]],
    ["PBES2 + AES-256", ["-v2", "aes-256-cbc"]],
  ])("opens %s with the right password, giving the same key", (_, args) => {
    const opened = decryptSatKey(opensslKey(args), "Contraseña1");
    expect(Buffer.from(opened)).toEqual(Buffer.from(plainPkcs8));
    // Node's own reader agrees it is the same key.
    expect(nodeCrypto.createPrivateKey({ key: Buffer.from(opened), format: "der", type: "pkcs8" }).export({ type: "pkcs8", format: "der" })).toEqual(plainPkcs8);
  });

  it("refuses a wrong password with its own error", () => {
    expect(() => decryptSatKey(opensslKey(["-v2", "des3"]), "contraseña1")).toThrow(WrongKeyPasswordError);
  });

  it("refuses a file that is not a key", () => {
    expect(() => decryptSatKey(new TextEncoder().encode("-----BEGIN CERTIFICATE-----"), "x")).toThrow(NotAKeyFileError);
  });
});
