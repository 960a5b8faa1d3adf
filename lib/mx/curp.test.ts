import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CURP_INCONVENIENT_WORDS, CURP_STATES, checkCurp, curpCheckDigit, curpNameLetters, normalizeCurp } from "./curp";

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
    ["sex not H, M or X", "BOXW310820FNERXN09"],
    ["digit among the name letters", "B0XW310820HNERXN09"],
    ["letter in the date", "BOXW31O820HNERXN09"],
    ["letter as check digit", "BOXW310820HNERXN0A"],
    ["Ñ (RENAPO writes X)", "BOÑW310820HNERXN09"],
    ["empty", ""],
  ])("rejects the format: %s", (_, input) => {
    expect(checkCurp(input)).toEqual({ valid: false, reason: "format" });
  });
});

describe("sex X (non-binary, issued by RENAPO since 2022)", () => {
  it("accepts X at position 11 and reads it as the sex", () => {
    const x = curp("GORS900115XDFMRL0");
    expect(checkCurp(x)).toEqual({ valid: true, normalized: x, birthDate: "1990-01-15", sex: "X", state: "DF" });
  });

  it("still checks the digit of a CURP with X", () => {
    const x = curp("GORS900115XDFMRL0");
    expect(checkCurp(`${x.slice(0, 17)}${(Number(x[17]) + 1) % 10}`)).toEqual({ valid: false, reason: "check_digit" });
  });
});

describe("RENAPO's inconvenient words (Instructivo Normativo, Anexo 2)", () => {
  it("has the 81 words of Anexo 2, as the official PDF prints them with what replaces each", () => {
    // The Instructivo Normativo para la Asignación de la CURP (SEGOB, 2006), printed page 59 (the
    // file's 62nd), read with pdftotext (poppler-utils, as for the other PDF checks): pairs
    // "WORD WXRD" in two columns.
    const pdf = path.resolve(process.cwd(), "../shared/realworld/pdfs/curp_InstructivoNormativo.pdf");
    const page = execFileSync("pdftotext", ["-layout", "-f", "62", "-l", "62", pdf, "-"], { encoding: "utf8" });
    expect(page).toContain("Catálogo de Palabras Inconvenientes");
    const pairs = [...page.matchAll(/\b([A-Z]{4})\s+([A-Z]{4})\b/g)].map((m) => [m[1]!, m[2]!] as const);
    expect(pairs).toHaveLength(81);
    expect(new Set(pairs.map(([word]) => word))).toEqual(CURP_INCONVENIENT_WORDS);
    for (const [word, replacement] of pairs) expect(curpNameLetters(word)).toBe(replacement);
  });

  it("refuses a CURP that spells one, and accepts the letters RENAPO gives instead (BACA → BXCA)", () => {
    expect(checkCurp(curp("BACA890909MJCRMS0"))).toEqual({ valid: false, reason: "inconvenient_word" });
    expect(checkCurp(curp("BXCA890909MJCRMS0"))).toMatchObject({ valid: true, normalized: curp("BXCA890909MJCRMS0") });
    // The Instructivo's own example (page 58): OFELIA PEDRERO DOMINGUEZ is PXDO, not PEDO.
    expect(checkCurp(curp("PEDO700101MDFDMF0"))).toEqual({ valid: false, reason: "inconvenient_word" });
    expect(checkCurp(curp("PXDO700101MDFDMF0"))).toMatchObject({ valid: true });
  });

  it.each([...CURP_INCONVENIENT_WORDS])("refuses %s as the first four letters", (word) => {
    expect(checkCurp(curp(`${word}900115HDFMRL0`))).toEqual({ valid: false, reason: "inconvenient_word" });
    expect(checkCurp(curp(`${curpNameLetters(word)}900115HDFMRL0`)).valid).toBe(true);
  });
});

describe("python-stdnum's CURP vectors (tests/test_mx_curp.doctest, stdnum/mx/curp.py)", () => {
  it.each([
    ["HEGG560427MVZRRL04", "1956-04-27", "M", "VZ"],
    ["BEML920313HMCLNS09", "1992-03-13", "H", "MC"],
    ["PEGL890909MJCRMS08", "1989-09-09", "M", "JC"],
  ])("reads %s: born %s, sex %s, state %s", (value, birthDate, sex, state) => {
    expect(checkCurp(value)).toEqual({ valid: true, normalized: value, birthDate, sex, state });
  });

  it("accepts the numbers stdnum found in use, all with right check digits", () => {
    const found = ["AAAA000101HDFCCC09", "AAMG890608HDFLJL00", "BAAA890317HDFRLL03", "BAAD890419HMNRRV07", "BEML920313HMCLNS09", "HEGG560427MVZRRL04", "HEGR891009HMNRRD09", "MARR890512HMNRMN09", "MESJ890928HMNZNS00", "OOMG890727HMNRSR06", "PEGL890909MJCRMS08", "TOMA880125HMNRRN02", "TOMA880125HMNRRNO2", "VIAA900930MMNCLL08"];
    expect(found.filter((value) => !checkCurp(value).valid)).toEqual([]);
  });

  it.each([
    ["1230", "format"],
    ["123ZZZZZZZZZZZZZ90", "format"],
    ["BACA890909MJCRMS05", "inconvenient_word"],
    ["PEGL891313MJCRMS06", "date"],
    ["PEGL890909QJCRMS08", "format"], // stdnum: an invalid gender
    ["PEGL890909MQQRMS02", "state"],
    ["PEGL890909MJCRMS09", "check_digit"],
  ])("refuses %s (%s)", (value, reason) => {
    expect(checkCurp(value)).toEqual({ valid: false, reason });
  });
});
