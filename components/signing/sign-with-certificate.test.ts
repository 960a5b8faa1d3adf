import nodeCrypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { verifyDetachedCms } from "@/lib/crypto/cms-signature";
import { createHierarchy, issueSignerCertificate } from "@/lib/crypto/test-pki";
import { CertificateProblem, signWithCertificate } from "./sign-with-certificate";

// The signing page's crypto, run in Node's WebCrypto: the same code path as in the browser.
type Pair = { cer: Uint8Array; key: Uint8Array };
const PASSWORD = "contraseña-1";
const documentHash = nodeCrypto.createHash("sha256").update("%PDF-1.7 contrato de Begoña Núñez").digest();
const originalHash = documentHash.toString("hex").toUpperCase();
let signer: Pair;
let other: Pair;
let expired: Pair;

/** A .cer and a .key as SAT issues them (PKCS#8 PBES2 with 3DES). */
async function pair(name: string, number: string, validity?: { notBefore: Date; notAfter: Date }): Promise<Pair> {
  const sat = hierarchy!;
  const { certificate, keys } = await issueSignerCertificate(sat, { name, rfc: "GODE561231GR8", curp: "BOXW310820HNERXN09", certificateNumber: number, ...validity });
  const key = nodeCrypto.KeyObject.from(keys.privateKey).export({ type: "pkcs8", format: "der", cipher: "des-ede3-cbc", passphrase: PASSWORD });
  return { cer: new Uint8Array(certificate.rawData), key: new Uint8Array(key) };
}
let hierarchy: Awaited<ReturnType<typeof createHierarchy>> | undefined;

beforeAll(async () => {
  hierarchy = await createHierarchy("EFIRMA");
  signer = await pair("BEGOÑA NÚÑEZ", "00001000000504465028");
  other = await pair("JOSÉ ÁNGEL PEÑA", "00001000000504465029");
  expired = await pair("VENCIDA", "00001000000504465030", { notBefore: new Date("2020-01-01"), notAfter: new Date("2024-01-01") });
}, 30_000);

const sign = (p: Pair, overrides: Partial<Parameters<typeof signWithCertificate>[0]> = {}) =>
  signWithCertificate({ certificate: p.cer, key: p.key, password: PASSWORD, originalHash, ...overrides });

async function problemOf(work: Promise<unknown>): Promise<{ field: string; code: string }> {
  const err = await work.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(CertificateProblem);
  const { field, code } = err as CertificateProblem;
  return { field, code };
}

describe("signing in the browser with a .cer and .key", () => {
  it("signs the original hash: the server's check accepts it, with this certificate", async () => {
    const steps: string[] = [];
    const signed = await sign(signer, { onStep: (s) => void steps.push(s) });
    expect(steps).toEqual(["decrypting", "signing"]);
    const check = await verifyDetachedCms(Buffer.from(signed.signature, "base64"), documentHash);
    expect(check.ok).toBe(true);
    expect(Buffer.from(signed.certificate, "base64")).toEqual(Buffer.from(signer.cer));
  });

  it("accepts the certificate as PEM too", async () => {
    const pem = `-----BEGIN CERTIFICATE-----\n${Buffer.from(signer.cer).toString("base64")}\n-----END CERTIFICATE-----\n`;
    const signed = await sign({ ...signer, cer: new TextEncoder().encode(pem) });
    expect(Buffer.from(signed.certificate, "base64")).toEqual(Buffer.from(signer.cer));
  });

  it("tells a wrong password apart, on the password field", async () => {
    expect(await problemOf(sign(signer, { password: "contrasena-1" }))).toEqual({ field: "password", code: "wrongPassword" });
  });

  it("refuses a .key of another certificate before sending anything", async () => {
    expect(await problemOf(sign({ cer: signer.cer, key: other.key }))).toEqual({ field: "key", code: "keyMismatch" });
  });

  it("refuses an expired certificate with its date, without opening the key", async () => {
    const err = await sign(expired, { password: "not even tried" }).catch((e: unknown) => e);
    expect(err).toMatchObject({ field: "certificate", code: "expired" });
    expect((err as CertificateProblem).date?.toISOString()).toBe("2024-01-01T00:00:00.000Z");
  });

  it("names files that are not a certificate or a key", async () => {
    expect(await problemOf(sign({ cer: new TextEncoder().encode("hola"), key: signer.key }))).toEqual({ field: "certificate", code: "notACertificate" });
    expect(await problemOf(sign({ cer: signer.cer, key: signer.cer }))).toEqual({ field: "key", code: "notAKey" });
  });
});
