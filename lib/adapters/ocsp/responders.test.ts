import fs from "node:fs";
import path from "node:path";
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { describe, expect, it } from "vitest";
import { createHierarchy, issueSignerCertificate } from "@/lib/crypto/test-pki";
import { responderFor, SAT_OCSP } from "./responders";

// SAT's published test set and its test and production authorities (../shared/realworld/sat/README.md).
const SAT = path.resolve(process.cwd(), "../shared/realworld/sat");
const pem = (file: string) => new x509.X509Certificate(fs.readFileSync(path.join(SAT, file), "utf8"));
const leaf = new x509.X509Certificate(fs.readFileSync(path.join(SAT, "FIEL_CACX7605101P8", "certificate.cer")));

describe("responderFor", () => {
  it("sends SAT's certificates, which name no responder, to SAT's service: test authorities to cfdit, production ones to cfdi", async () => {
    for (const ca of ["ca/AC_UAT_2022.pem", "ca/AC_4096_2018.pem", "ca/AC2_4096_pruebas_2013.pem"]) expect(await responderFor(leaf, pem(ca), {})).toBe(SAT_OCSP.test);
    for (const ca of ["ca-production/AC5_SAT.pem", "ca-production/AC6_SAT.pem", "ca-production/AC7.pem", "ca-production/AC4_SAT.pem"]) expect(await responderFor(leaf, pem(ca), {})).toBe(SAT_OCSP.production);
    expect(await responderFor(leaf, pem("ca/ARC_UAT_2022_root.pem"), {})).toBeNull(); // Banco de México's root issues no signer certificates
  });

  it("prefers OCSP_RESPONDERS by the issuer's common name (any case) or its certificate's SHA-256, then the certificate's own AIA", async () => {
    const issuer = pem("ca/AC_UAT_2022.pem");
    expect(await responderFor(leaf, issuer, { "ac uat": "http://127.0.0.1:9/edofiel" })).toBe("http://127.0.0.1:9/edofiel");
    const sha256 = Buffer.from(await issuer.getThumbprint("SHA-256")).toString("hex").toUpperCase();
    expect(await responderFor(leaf, issuer, { [sha256]: "http://127.0.0.1:9/by-fingerprint" })).toBe("http://127.0.0.1:9/by-fingerprint");

    const sandbox = await createHierarchy("FIREL");
    const named = (await issueSignerCertificate(sandbox, { name: "ANA", rfc: "GODE561231GR8", curp: "BOXW310820HNERXN09", certificateNumber: "00000000000000000042", ocspUrl: "http://ocsp.example/firel" })).certificate;
    expect(await responderFor(named, sandbox.issuing.certificate, {})).toBe("http://ocsp.example/firel");
    expect(await responderFor(named, sandbox.issuing.certificate, { "AC FIREL DEL PODER JUDICIAL (PRUEBAS)": "http://127.0.0.1:9/firel" })).toBe("http://127.0.0.1:9/firel");
  }, 30_000);
});
