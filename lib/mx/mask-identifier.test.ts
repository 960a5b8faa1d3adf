import { describe, expect, it } from "vitest";
import { maskIdentifier } from "./mask-identifier";

describe("maskIdentifier", () => {
  it("keeps the first 4 and last 3 of an RFC or CURP, every character between masked", () => {
    expect(maskIdentifier("BOXW310820HNERXN09")).toBe("BOXW***********N09");
    expect(maskIdentifier("GODE561231GR8")).toBe("GODE******GR8");
    expect(maskIdentifier("AAA010101AAA")).toBe("AAA0*****AAA");
    expect(maskIdentifier(null)).toBeNull();
  });

  it("masks whole what is too short to be one", () => {
    expect(maskIdentifier("ABC123")).toBe("******");
    expect(maskIdentifier("")).toBe("");
  });
});
