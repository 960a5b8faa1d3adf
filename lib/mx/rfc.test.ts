import { describe, expect, it } from "vitest";
import { checkRfc, normalizeRfc, rfcCheckDigit } from "./rfc";

describe("RFC", () => {
  it.each(["GODE561231GR8", "MAB9307148T4"])("accepts %s with a correct check digit", (rfc) => {
    expect(checkRfc(rfc)).toEqual({ valid: true, kind: rfc.length === 13 ? "person" : "company", checkDigitOk: true, normalized: rfc });
  });

  it("computes the check digit of the product.md examples", () => {
    expect(rfcCheckDigit("GODE561231GR")).toBe("8");
    expect(rfcCheckDigit("MAB9307148T")).toBe("4");
  });

  it("maps a remainder of 10 to A", () => {
    // Search a homoclave whose digit is A, then check it round-trips.
    const found = ["AA", "AB", "AC", "AD", "AE", "AF", "AG", "AH", "AJ", "AK", "AL", "AM", "AN", "AP", "AQ", "AR"].map((h) => `GODE561231${h}`).find((p) => rfcCheckDigit(p) === "A");
    expect(found).toBeDefined();
    expect(checkRfc(`${found}A`)).toMatchObject({ valid: true, checkDigitOk: true });
  });

  it("reports, not rejects, a wrong check digit", () => {
    expect(checkRfc("GODE561231GR9")).toMatchObject({ valid: true, checkDigitOk: false });
  });

  it("normalizes case, spaces and dashes", () => {
    expect(normalizeRfc(" gode-561231 gr8 ")).toBe("GODE561231GR8");
    expect(checkRfc("gode561231gr8")).toMatchObject({ valid: true, normalized: "GODE561231GR8" });
  });

  it("accepts Ñ and & in the name letters", () => {
    const base = "ÑAÑO800101AB";
    expect(checkRfc(base + rfcCheckDigit(base))).toMatchObject({ valid: true, kind: "person", checkDigitOk: true });
    const company = "A&B010101AB";
    expect(checkRfc(company + rfcCheckDigit(company))).toMatchObject({ valid: true, kind: "company", checkDigitOk: true });
  });

  it.each([
    ["too short", "GOD561231G8"],
    ["too long", "GODEX561231GR8"],
    ["letters where the date goes", "GODEAB1231GR8"],
    ["a person's letters with a company's length", "GODE61231GR8"],
    ["empty", ""],
  ])("rejects the format: %s", (_, rfc) => {
    expect(checkRfc(rfc)).toEqual({ valid: false, reason: "format" });
  });

  it.each([
    ["month 13", "GODE561331GR8"],
    ["day 32", "GODE560132GR8"],
    ["31 April", "GODE560431GR8"],
    ["29 February of a non-leap year", "GODE570229GR8"],
    ["day 0", "GODE560100GR8"],
  ])("rejects an impossible date: %s", (_, rfc) => {
    expect(checkRfc(rfc)).toEqual({ valid: false, reason: "date" });
  });

  it("accepts 29 February of a leap year", () => {
    expect(checkRfc("GODE560229GR8")).toMatchObject({ valid: true });
  });
});
