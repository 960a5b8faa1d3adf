import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { describe, expect, it } from "vitest";
import { certificateFields } from "./certificate-fields";
import * as der from "./der";
import { createHierarchy } from "./test-pki";

const hex = (bytes: Uint8Array | ArrayBuffer) => Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString("hex");

describe("DER writing", () => {
  it("writes INTEGERs minimally, positive, as asn1js does", () => {
    for (const n of [0, 1, 127, 128, 255, 256, 65535, 65536, 2 ** 31, Number.MAX_SAFE_INTEGER]) expect(hex(der.integer(n))).toBe(hex(new asn1js.Integer({ value: n }).toBER(false)));
    expect(hex(der.integer(2n ** 64n))).toBe("0209010000000000000000");
  });

  it("writes negative INTEGERs in two's complement, fewest bytes (a real PSC's serial is -0x35CEE4)", () => {
    for (const n of [-1, -128, -129, -255, -256, -32768, -32769, -(2 ** 31)]) expect(hex(der.integer(n)), String(n)).toBe(hex(new asn1js.Integer({ value: n }).toBER(false)));
    expect(hex(der.integer(-0x35cee4n))).toBe("0203ca311c");
  });

  it("writes lengths in short and long form", () => {
    for (const n of [0, 127, 128, 255, 256, 65_536]) expect(hex(der.octetString(new Uint8Array(n)))).toBe(hex(new asn1js.OctetString({ valueHex: new Uint8Array(n) }).toBER(false)));
  });

  it("writes OBJECT IDENTIFIERs and times as asn1js does", () => {
    for (const oid of ["1.2.840.113549.1.9.16.2.47", "2.16.840.1.101.3.4.2.1", "1.3.14.3.2.26", "1.3.6.1.4.1.59999.1.1"]) expect(hex(der.objectIdentifier(oid))).toBe(hex(new asn1js.ObjectIdentifier({ value: oid }).toBER(false)));
    for (const date of [new Date("2026-01-02T03:04:05Z"), new Date("2026-12-31T23:59:59.5Z"), new Date("2030-06-07T08:09:10.120Z"), new Date("2026-01-02T03:04:05.007Z")]) {
      expect(hex(der.generalizedTime(date))).toBe(hex(new asn1js.GeneralizedTime({ valueDate: date }).toBER(false)));
      expect(hex(der.utcTime(date))).toBe(hex(new asn1js.UTCTime({ valueDate: date }).toBER(false)));
    }
  });

  it("puts a SET OF in ascending order of its encodings", () => {
    const [a, b, c] = [der.integer(300), der.integer(2), der.octetString(Uint8Array.of(1))];
    expect(hex(der.setOf(a, b, c))).toBe(hex(der.tlv(0x31, b, a, c)));
  });
});

describe("certificate fields", () => {
  it("are the certificate's own serial, names and key bits", async () => {
    const { issuing } = await createHierarchy("PLATFORM");
    const bytes = new Uint8Array(issuing.certificate.rawData);
    const parsed = pkijs.Certificate.fromBER(bytes);
    const fields = certificateFields(bytes);
    expect(hex(fields.serialNumber)).toBe(hex(parsed.serialNumber.toBER(false)));
    expect(hex(fields.issuer)).toBe(hex(parsed.issuer.toSchema().toBER(false)));
    expect(hex(fields.subject)).toBe(hex(parsed.subject.toSchema().toBER(false)));
    expect(hex(fields.publicKey)).toBe(hex(parsed.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView));
    expect(certificateFields(new Uint8Array(bytes))).toBe(fields);
  }, 30_000);
});
