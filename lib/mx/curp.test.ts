import { describe, expect, it } from "vitest";
import { CURP_STATES, checkCurp, curpCheckDigit, normalizeCurp } from "./curp";

/** Builds a CURP with the right check digit, so a test can vary one part at a time. */
function curp(first17: string): string {
  return first17 + curpCheckDigit(first17);
}

describe("curpCheckDigit", () => {
  // Published examples: product.md's, RENAPO's format guide (HEGG…) and SAT's (MAHJ…).
  it.each([
    ["BOXW310820HNERXN0", "9"],
    ["HEGG560427MVZRRL0", "4"],
    ["MAHJ280603MSPRRV0", "9"],
  ])("%s → %s", (first17, digit) => {
    expect(curpCheckDigit(first17)).toBe(digit);
  });

  it("gives each character its place in 0-9, A-N, &, O-Z (so & is 24 and O is 25)", () => {
    // At position 1 (weight 18) a value one higher adds 18 to the sum: the digit drops by 8 (mod 10).
    const digit = (first: string) => Number(curpCheckDigit(`${first}AAA010101HDFAAA0`));
    expect((digit("N") - digit("&") + 10) % 10).toBe(8);
    expect((digit("&") - digit("O") + 10) % 10).toBe(8);
    expect((digit("9") - digit("A") + 10) % 10).toBe(8);
  });

  it("refuses a wrong length or a character outside the alphabet", () => {
    expect(() => curpCheckDigit("BOXW310820HNERXN")).toThrow(/17/);
    expect(() => curpCheckDigit("BOXW310820HNERXÑ0")).toThrow(/Ñ/);
  });
});

describe("checkCurp", () => {
  it("accepts product.md's valid CURP and reads its parts", () => {
    expect(checkCurp("BOXW310820HNERXN09")).toEqual({
      valid: true,
      normalized: "BOXW310820HNERXN09",
      birthDate: "1931-08-20",
      sex: "H",
      state: "NE",
    });
  });

  it("rejects product.md's invalid CURP on its check digit", () => {
    expect(checkCurp("BOXW310820HNERXN08")).toEqual({ valid: false, reason: "check_digit" });
  });

  it("rejects every other check digit of a valid CURP", () => {
    for (let d = 0; d <= 9; d++) {
      if (d === 9) continue;
      expect(checkCurp(`BOXW310820HNERXN0${d}`)).toEqual({ valid: false, reason: "check_digit" });
    }
  });

  it("normalizes case, spaces and hyphens", () => {
    expect(normalizeCurp("  boxw-310820 hnerxn09 ")).toBe("BOXW310820HNERXN09");
    expect(checkCurp(" hegg560427mvzrrl04\n")).toMatchObject({ valid: true, normalized: "HEGG560427MVZRRL04", sex: "M", state: "VZ" });
  });

  it("takes the century from position 17: a digit before 2000, a letter from 2000 on", () => {
    expect(checkCurp(curp("GORS050229HDFMRL0"))).toEqual({ valid: false, reason: "date" }); // 1905 is not leap
    expect(checkCurp(curp("GORS000229HDFMRLA"))).toMatchObject({ valid: true, birthDate: "2000-02-29" });
    expect(checkCurp(curp("GORS960229HDFMRL0"))).toMatchObject({ valid: true, birthDate: "1996-02-29" });
    expect(checkCurp(curp("GORS000229HDFMRL0"))).toEqual({ valid: false, reason: "date" }); // 1900 is not leap
    expect(checkCurp(curp("GORS101231MJCMRLB"))).toMatchObject({ valid: true, birthDate: "2010-12-31", sex: "M", state: "JC" });
  });

  it.each(["GORS001301HDFMRL0", "GORS000001HDFMRL0", "GORS000100HDFMRL0", "GORS000431HDFMRL0", "GORS000132HDFMRL0"])(
    "rejects the impossible date in %s",
    (first17) => {
      expect(checkCurp(curp(first17))).toEqual({ valid: false, reason: "date" });
    },
  );

  it("accepts each of the 33 state codes and names it, and nothing else", () => {
    const codes = Object.keys(CURP_STATES);
    expect(codes).toHaveLength(33);
    for (const code of codes) {
      expect(checkCurp(curp(`GORS900115H${code}MRL0`))).toMatchObject({ valid: true, state: code });
    }
    for (const code of ["XX", "MX", "DX", "CD", "EM"]) {
      expect(checkCurp(curp(`GORS900115H${code}MRL0`))).toEqual({ valid: false, reason: "state" });
    }
  });

  it.each([
    ["too short", "BOXW310820HNERXN0"],
    ["too long", "BOXW310820HNERXN090"],
    ["sex not H or M", "BOXW310820XNERXN09"],
    ["digit among the name letters", "B0XW310820HNERXN09"],
    ["letter in the date", "BOXW31O820HNERXN09"],
    ["letter as check digit", "BOXW310820HNERXN0A"],
    ["Ñ (RENAPO writes X)", "BOÑW310820HNERXN09"],
    ["empty", ""],
  ])("rejects the format: %s", (_, input) => {
    expect(checkCurp(input)).toEqual({ valid: false, reason: "format" });
  });
});
