import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { certificateIdentity, isSatSealCertificate } from "./certificate-identity";

// SAT's published test sets, kept beside the project (../shared/realworld/sat/README.md).
const sat = (folder: string) => new Uint8Array(fs.readFileSync(path.resolve(process.cwd(), "../shared/realworld/sat", folder, "certificate.cer")));

describe("certificateIdentity on SAT's test certificates", () => {
  it("reads a persona física: RFC, CURP, the certificate number from the ASCII serial", () => {
    expect(certificateIdentity(sat("FIEL_CACX7605101P8"))).toMatchObject({ name: "XOCHILT CASAS CHAVEZ", rfc: "CACX7605101P8", curp: "CACX760510MGTSHC04", representative: null, certificateNumber: "30001000000500003282", issuerName: "AC UAT" });
  });

  it("reads a persona moral: the company's RFC, no CURP of its own, and its legal representative's RFC and CURP", () => {
    expect(certificateIdentity(sat("FIEL_EKU9003173C9"))).toMatchObject({ name: "ESCUELA KEMPER URGATE SA DE CV", rfc: "EKU9003173C9", curp: null, representative: { rfc: "VADA800927DJ3", curp: "VADA800927HSRSRL05" } });
    expect(certificateIdentity(sat("FIEL_AAA010101AAA"))).toMatchObject({ rfc: "AAA010101AAA", representative: { rfc: "HEGT7610034S2", curp: "HEGT761003MDFRNN09" } });
  });

  it("reads Ñ written as a Latin-1 T61String (name and RFC)", () => {
    expect(certificateIdentity(sat("FIEL_CAÑF770131PA3"))).toMatchObject({ name: "FERNANDO CASTILLO ÑABARRO", rfc: "CAÑF770131PA3", curp: "CANF770131HBCSBR08" });
  });
});

describe("isSatSealCertificate", () => {
  it("tells SAT's CSDs (OU = branch, no extended key usage) from its e.firma certificates", () => {
    expect(["CSD_CACX7605101P8", "CSD_EKU9003173C9"].map((f) => isSatSealCertificate(sat(f)))).toEqual([true, true]);
    expect(["FIEL_CACX7605101P8", "FIEL_EKU9003173C9", "FIEL_CAÑF770131PA3", "FIEL_AAA010101AAA"].map((f) => isSatSealCertificate(sat(f)))).toEqual([false, false, false, false]);
  });
});
