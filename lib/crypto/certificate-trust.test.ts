import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { beforeAll, describe, expect, it } from "vitest";
import { checkCertificateTrust, parsePemBundle } from "./certificate-trust";
import { createHierarchy, issueSignerCertificate, type Hierarchy } from "./test-pki";

let sat: Hierarchy;
let firel: Hierarchy;
const person = { name: "BEGOÑA NÚÑEZ", rfc: "GODE561231GR8", curp: "BOXW310820HNERXN09", certificateNumber: "00001000000504465028" };
const now = new Date("2026-11-22T12:00:00Z");
const bundleOf = (h: Hierarchy) => [h.root.certificate, h.issuing.certificate];

beforeAll(async () => {
  sat = await createHierarchy("EFIRMA", now);
  firel = await createHierarchy("FIREL", now);
}, 30_000);

describe("checkCertificateTrust", () => {
  it("trusts a signer issued under the bundle's root, and returns the chain leaf → root", async () => {
    const { certificate } = await issueSignerCertificate(sat, person, now);
    const result = await checkCertificateTrust(new Uint8Array(certificate.rawData), bundleOf(sat), now);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.chain.map((c) => c.subjectName.getField("CN")[0])).toEqual(["BEGOÑA NÚÑEZ", "AC DEL SERVICIO DE ADMINISTRACION TRIBUTARIA (PRUEBAS)", "AC RAIZ DE PRUEBAS SAT"]);
  });

  it("does not trust it with another type's bundle", async () => {
    const { certificate } = await issueSignerCertificate(sat, person, now);
    expect(await checkCertificateTrust(new Uint8Array(certificate.rawData), bundleOf(firel), now)).toMatchObject({ ok: false, reason: "untrusted" });
  });

  it("does not trust it when only the intermediate is in the bundle", async () => {
    const { certificate } = await issueSignerCertificate(sat, person, now);
    expect(await checkCertificateTrust(new Uint8Array(certificate.rawData), [sat.issuing.certificate], now)).toMatchObject({ ok: false, reason: "untrusted" });
  });

  it("refuses an expired and a not-yet-valid certificate at signing time", async () => {
    const { certificate } = await issueSignerCertificate(sat, { ...person, notBefore: new Date("2022-01-01"), notAfter: new Date("2026-01-01") }, now);
    expect(await checkCertificateTrust(new Uint8Array(certificate.rawData), bundleOf(sat), now)).toMatchObject({ ok: false, reason: "expired" });
    // When the signer's certificate was current, its issuing CA was not yet: the chain fails too.
    expect(await checkCertificateTrust(new Uint8Array(certificate.rawData), bundleOf(sat), new Date("2025-06-01"))).toMatchObject({ ok: false, reason: "expired", detail: expect.stringContaining("authority") });
    const future = await issueSignerCertificate(sat, { ...person, notBefore: new Date("2027-01-01"), notAfter: new Date("2030-01-01") }, now);
    expect(await checkCertificateTrust(new Uint8Array(future.certificate.rawData), bundleOf(sat), now)).toMatchObject({ ok: false, reason: "not-yet-valid" });
  });

  it("refuses a certificate whose key usage does not allow signing", async () => {
    const { certificate } = await issueSignerCertificate(sat, { ...person, keyUsage: x509.KeyUsageFlags.keyEncipherment }, now);
    expect(await checkCertificateTrust(new Uint8Array(certificate.rawData), bundleOf(sat), now)).toMatchObject({ ok: false, reason: "key-usage" });
  });

  it("refuses a certificate with the bundle's names but signed by an impostor CA", async () => {
    const impostor = await createHierarchy("EFIRMA", now); // same subject names, other keys
    const { certificate } = await issueSignerCertificate(impostor, person, now);
    const result = await checkCertificateTrust(new Uint8Array(certificate.rawData), bundleOf(sat), now);
    expect(result.ok).toBe(false);
  });

  it("reads PEM bundles with several certificates", () => {
    const pem = `${sat.root.certificate.toString("pem")}\n${sat.issuing.certificate.toString("pem")}\n`;
    expect(parsePemBundle(pem).map((c) => c.subject)).toEqual([sat.root.certificate.subject, sat.issuing.certificate.subject]);
  });
});
