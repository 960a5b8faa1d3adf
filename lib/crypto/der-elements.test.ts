import * as asn1js from "asn1js";
import { beforeAll, describe, expect, it } from "vitest";
import { childrenOf, readElement } from "./der-elements";
import { createPadesCms } from "./pades-signature";
import { createHierarchy, issueSignerCertificate, issueTsaCertificate, type Hierarchy } from "./test-pki";
import { createTimestampToken } from "./timestamp-token";
import { certificatesIn } from "./signed-data";
import { signatureTimestampIn } from "./validation-data";

const hex = (s: string) => Uint8Array.from(Buffer.from(s.replace(/\s/g, ""), "hex"));

describe("DER element boundaries", () => {
  it("reads short and long lengths, nested elements and a high tag number", () => {
    // SEQUENCE { INTEGER 5, [1] { OCTET STRING of 200 bytes } , [APPLICATION 31] NULL-like }
    const octets = `0481c8${"ab".repeat(200)}`;
    const bytes = hex(`3081d4 020105 a181cb ${octets} 5f1f00`);
    const root = readElement(bytes, 0);
    expect(root).toMatchObject({ tagClass: 0, constructed: true, tagNumber: 16, start: 0, contentsStart: 3, end: bytes.length });
    const [integer, tagged, high] = childrenOf(bytes, root);
    expect(integer).toMatchObject({ tagNumber: 2, contentsStart: 5, contentsEnd: 6 });
    expect(tagged).toMatchObject({ tagClass: 2, constructed: true, tagNumber: 1 });
    expect(childrenOf(bytes, tagged!)[0]).toMatchObject({ tagNumber: 4, contentsEnd: tagged!.end });
    expect(high).toMatchObject({ tagClass: 1, tagNumber: 31, contentsStart: high!.end });
  });

  it("reads BER's indefinite length up to its end-of-contents", () => {
    const bytes = hex("3080 020101 020102 0000 0500");
    const root = readElement(bytes, 0);
    expect(root).toMatchObject({ contentsStart: 2, contentsEnd: 8, end: 10 });
    expect(childrenOf(bytes, root).map((c) => c.contentsStart)).toEqual([4, 7]);
  });

  it("refuses bytes that end inside an element", () => {
    expect(() => readElement(hex("300502010102"), 0)).toThrow(/ends inside/);
    expect(() => readElement(hex("3080020101"), 0)).toThrow(/ends inside/);
  });
});

describe("fields of a PAdES CMS", () => {
  let platform: Hierarchy;
  let cms: Uint8Array;
  let token: Uint8Array;
  let chain: Uint8Array[];
  let tsaDer: Uint8Array;

  beforeAll(async () => {
    platform = await createHierarchy("PLATFORM");
    const seal = await issueSignerCertificate(platform, { name: "RÚBRICA SELLO", rfc: "RUB2611229A0", curp: "XEXX010101HNEXXXA4", certificateNumber: "1" });
    const tsa = await issueTsaCertificate(platform.issuing, "RUBRICA TSA");
    tsaDer = new Uint8Array(tsa.certificate.rawData);
    chain = [new Uint8Array(seal.certificate.rawData), new Uint8Array(platform.issuing.certificate.rawData)];
    cms = await createPadesCms({
      content: new TextEncoder().encode("contenido"),
      certificateDer: chain[0]!,
      chainDer: [chain[1]!],
      privateKey: seal.keys.privateKey,
      timestamp: async (value) => (token = await createTimestampToken({ tsa: { certificateDer: tsaDer, privateKey: tsa.keys.privateKey }, messageImprint: new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(value))), serialNumber: 7n, genTime: new Date() })),
    });
  }, 30_000);

  it("finds the certificates of the signature and of its time-stamp token, byte for byte", () => {
    expect(certificatesIn(cms).map((c) => Buffer.from(c))).toEqual(chain.map((c) => Buffer.from(c)));
    expect(Buffer.from(signatureTimestampIn(cms)!)).toEqual(Buffer.from(token));
    expect(certificatesIn(token).map((c) => Buffer.from(c))).toEqual([Buffer.from(tsaDer)]);
  });

  it("finds nothing where a CMS has no time-stamp, and refuses what is not DER", () => {
    expect(signatureTimestampIn(token)).toBeNull();
    expect(() => certificatesIn(new Uint8Array(new asn1js.Integer({ value: 1 }).toBER(false)).subarray(0, 2))).toThrow("Not a CMS object.");
  });
});
