import { describe, expect, it } from "vitest";
import { curpCheckDigit } from "@/lib/mx/curp";
import { rfcCheckDigit } from "@/lib/mx/rfc";
import { companiesQuery, createDocumentInput, curp, phone, positions, rememberAt, rfc } from "./signing";

describe("signing schemas", () => {
  it.each([
    ["5512345678", "+525512345678"],
    ["55 1234 5678", "+525512345678"],
    ["(55) 1234-5678", "+525512345678"],
    ["525512345678", "+525512345678"],
    ["+525512345678", "+525512345678"],
    ["+14155552671", "+14155552671"],
  ])("normalizes the phone %s to E.164", (input, expected) => {
    expect(phone.parse(input)).toBe(expected);
  });

  it.each(["551234567", "55123456789", "teléfono", "+1"])("refuses the phone %s", (input) => {
    expect(phone.safeParse(input).success).toBe(false);
  });

  it("reads remember_at as the reference's object or as HH:MM[:SS]", () => {
    expect(rememberAt.parse({ hour: 9, minute: 5, second: 7, nano: 0 })).toBe("09:05:07");
    expect(rememberAt.parse({ hour: 18 })).toBe("18:00:00");
    expect(rememberAt.parse("07:45")).toBe("07:45:00");
    expect(rememberAt.parse("23:59:59")).toBe("23:59:59");
    for (const bad of ["24:00", "7:45", { hour: -1 }, { hour: 1, minute: 60 }]) expect(rememberAt.safeParse(bad).success).toBe(false);
  });

  it("reads positions serialized or as an array, and keeps boxes inside the page", () => {
    const box = { page: 2, x: 0.1, y: 0.7, width: 0.3, height: 0.1 };
    expect(positions.parse(JSON.stringify([box]))).toEqual([box]);
    expect(positions.parse([box])).toEqual([box]);
    expect(positions.safeParse("[{").success).toBe(false);
    expect(positions.safeParse([{ ...box, x: 0.8 }]).success).toBe(false); // 0.8 + 0.3 > 1
    expect(positions.safeParse([{ ...box, page: 0 }]).success).toBe(false);
    expect(positions.safeParse([{ ...box, width: 0 }]).success).toBe(false);
  });

  it("lower-cases signer e-mails and refuses duplicates after that", () => {
    const parsed = createDocumentInput.safeParse({ signatures: [{ name: "A", email: "A@X.MX" }, { name: "B", email: "a@x.mx" }] });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join("."))).toEqual(["signatures.1.email"]);
  });

  it("parses pageable query values as integers and refuses others", () => {
    expect(companiesQuery.parse({ "pageable.page": "0", "pageable.size": "5", "pageable.sort": "created_at,DESC" })).toEqual({ "pageable.page": 0, "pageable.size": 5, "pageable.sort": "created_at,DESC" });
    expect(companiesQuery.safeParse({ "pageable.page": "1.5" }).success).toBe(false);
  });
});

describe("CURP and RFC in API input", () => {
  const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

  it("accepts a CURP with sex X (non-binary) and normalizes it", () => {
    const x = `GORS900115XDFMRL0${curpCheckDigit("GORS900115XDFMRL0")}`;
    expect(curp.parse(` ${x.toLowerCase()} `)).toBe(x);
  });

  it("refuses a CURP spelling an inconvenient word, saying so", () => {
    const baca = `BACA890909MJCRMS0${curpCheckDigit("BACA890909MJCRMS0")}`;
    expect(issue(curp.safeParse(baca))).toMatch(/^Must be a CURP: its first four letters form one of RENAPO's inconvenient words/);
    expect(issue(curp.safeParse("BOXW310820HNERXN08"))).toBe("Must be a CURP: the check digit does not match.");
    expect(issue(curp.safeParse("BOXW310820FNERXN09"))).toMatch(/^Must be a CURP: 4 letters/);
  });

  it("refuses an RFC spelling SAT's inconvenient word; a wrong check digit or a homoclave outside SAT's table passes", () => {
    expect(issue(rfc.safeParse(`CACA580710NF${rfcCheckDigit("CACA580710NF")}`))).toMatch(/^Must be an RFC: its four letters form a word SAT never assigns/);
    expect(rfc.parse("gode561231gr9")).toBe("GODE561231GR9");
    expect(rfc.parse("CCM 650122 I06")).toBe("CCM650122I06");
  });
});
