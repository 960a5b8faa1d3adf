import "reflect-metadata";
import fs from "node:fs";
import path from "node:path";
import * as x509 from "@peculiar/x509";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOM151_ROOTS } from "@/lib/adapters/tsa/nom151-roots";
import { childrenOf, readElement } from "./der-elements";
import { parsePemBundle } from "./certificate-trust";
import { checkTimestamp, signedIntegerHex } from "./timestamp-check";
import { timestampRequest } from "./timestamp-token";
import { startTestPsc, PSC_POLICY } from "@/test/psc-server";

// A real NOM-151 constancia (shared/realworld/nom151, issued in production by Advantage
// Security's PSC) and constancias of a test PSC shaped like it, checked as a receiver would.

const NOM151 = path.resolve(process.cwd(), "../shared/realworld/nom151");
const constancia = new Uint8Array(fs.readFileSync(path.join(NOM151, "advantage-2018-constancia.der")));
const acr2se = parsePemBundle(fs.readFileSync(path.join(NOM151, "acr2se-root.pem"), "utf8"));
const HASH = Buffer.from("6533901d156ca462d0a40380d5bc0a2264b0333b66de701268f5b2ab745f973e", "hex");

describe("checkTimestamp on a real PSC's constancia", () => {
  it("is valid over its hash, chained to ACR2-SE at genTime, with the negative serial read as such", async () => {
    const check = await checkTimestamp({ der: constancia, imprint: HASH, roots: acr2se });
    expect(check).toMatchObject({
      valid: true,
      problems: [],
      imprint: HASH.toString("hex"),
      gen_time: "2018-07-18T20:59:03.190Z",
      tsa: "Advantage Security PSC NOM151",
      policy: "2.16.484.101.10.316.2.1.1.2.1",
      serial_number: "-35CEE4",
    });
    expect(check.chain).toHaveLength(2);
    expect(check.chain[1]).toContain("Autoridad Certificadora Raiz Segunda de Secretaria de Economia");
  });

  it("the shipped ACR2-SE is the Secretaría de Economía's root (fingerprint of the README) and anchors it too", async () => {
    const shipped = parsePemBundle(NOM151_ROOTS);
    const fingerprint = Buffer.from(await shipped[0]!.getThumbprint("SHA-256")).toString("hex");
    expect(fingerprint).toBe("b2f258c42c3066c54c3d9bbcb9a4c16bed4e7b74f302643a11af26961e09c720");
    expect((await checkTimestamp({ der: constancia, imprint: HASH, roots: shipped })).valid).toBe(true);
  });

  it("is not valid over another hash", async () => {
    const other = Buffer.from(HASH);
    other[0]! ^= 1;
    const check = await checkTimestamp({ der: constancia, imprint: other, roots: acr2se });
    expect(check).toMatchObject({ valid: false, problems: ["imprint-mismatch"] });
  });

  it("is not valid with any one byte changed of what the PSC signed or is identified by (every 7th byte tried)", async () => {
    // Outside that, two parts carry no meaning here: the status's free text ("Operation Okay") and
    // the token's own copy of the root, which anchors nothing (only configured roots do).
    const [status, token] = childrenOf(constancia, readElement(constancia, 0));
    const statusText = childrenOf(constancia, status!)[1]!;
    const signedData = childrenOf(constancia, childrenOf(constancia, childrenOf(constancia, token!)[1]!)[0]!);
    const carriedRoot = childrenOf(constancia, signedData.find((f) => f.tagClass === 2 && f.tagNumber === 0)!)[1]!;
    const meaningless = (i: number) => (i >= statusText.start && i < statusText.end) || (i >= carriedRoot.start && i < carriedRoot.end);
    const verdicts = new Map<string, number>();
    let tried = 0;
    const survived: number[] = [];
    for (let i = 0; i < constancia.length; i += 7) {
      if (meaningless(i)) continue;
      const changed = Uint8Array.from(constancia);
      changed[i]! ^= 0x01;
      const check = await checkTimestamp({ der: changed, imprint: HASH, roots: acr2se });
      if (check.valid) survived.push(i);
      for (const p of check.problems) verdicts.set(p, (verdicts.get(p) ?? 0) + 1);
      tried++;
    }
    expect(survived).toEqual([]);
    expect(tried).toBeGreaterThan(500);
    // Changes are caught by what they break, not only by a parse failure.
    expect([...verdicts.keys()]).toEqual(expect.arrayContaining(["malformed", "bad-signature", "digest-mismatch"]));
    // Over 500 verifications: 60 s was not enough on a loaded two-core machine.
  }, 180_000);

  it("is not valid without a configured root (the token's own copy of ACR2-SE anchors nothing)", async () => {
    const check = await checkTimestamp({ der: constancia, imprint: HASH, roots: [] });
    expect(check).toMatchObject({ valid: false, problems: ["untrusted"] });
  });

  it("reads the bare TimeStampToken as well as the TimeStampResp", async () => {
    const token = childrenOf(constancia, readElement(constancia, 0))[1]!;
    const check = await checkTimestamp({ der: constancia.slice(token.start, token.end), imprint: HASH, roots: acr2se });
    expect(check.valid).toBe(true);
  });

  it("refuses what is not a time stamp", async () => {
    for (const der of [new Uint8Array(0), Uint8Array.of(0x30, 0x03, 0x02, 0x01, 0x00), new TextEncoder().encode("hola")]) {
      expect((await checkTimestamp({ der, imprint: HASH, roots: acr2se })).problems).toContain("malformed");
    }
  });
});

describe("checkTimestamp on a test PSC shaped like the real one", () => {
  let psc: Awaited<ReturnType<typeof startTestPsc>>;
  let otherRoot: x509.X509Certificate[];
  beforeAll(async () => {
    psc = await startTestPsc();
    otherRoot = [(await startTestPsc({ rootName: "OTRA RAIZ" }).then(async (p) => (await p.stop(), p.root))).certificate];
    // Two PSCs' keys made: past vitest's 10 s hook limit on a loaded two-core machine.
  }, 60_000);
  afterAll(() => psc.stop());

  const ask = async (imprint: Uint8Array) => {
    const res = await fetch(psc.url, { method: "POST", headers: { "content-type": "application/timestamp-query" }, body: Buffer.from(timestampRequest(imprint)) });
    return new Uint8Array(await res.arrayBuffer());
  };

  it("accepts no EKU and a negative serial under its root, refuses it under another root", async () => {
    const imprint = new Uint8Array(32).fill(7);
    const answer = await ask(imprint);
    const check = await checkTimestamp({ der: answer, imprint, roots: [psc.root.certificate] });
    expect(check).toMatchObject({ valid: true, policy: PSC_POLICY, tsa: "PSC NOM151 DE PRUEBAS" });
    expect(check.serial_number).toMatch(/^-/);
    expect((await checkTimestamp({ der: answer, imprint, roots: otherRoot })).problems).toEqual(["untrusted"]);
  });

  it("signedIntegerHex reads two's complement", () => {
    expect(signedIntegerHex(Uint8Array.of(0xca, 0x31, 0x1c))).toBe("-35CEE4");
    expect(signedIntegerHex(Uint8Array.of(0x00, 0xca))).toBe("CA");
    expect(signedIntegerHex(Uint8Array.of(0xff))).toBe("-01");
    expect(signedIntegerHex(Uint8Array.of(0x0a, 0xbc))).toBe("0ABC");
  });
});
