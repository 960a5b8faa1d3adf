import { describe, expect, it } from "vitest";
import { AA_TEXT_CONTRAST, brandPalette, contrastRatio, readableOn } from "./brand-palette";

describe("contrastRatio", () => {
  it("gives WCAG 2.1's ratios: 21 for black on white, 1 for a color on itself, either order", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#FFF", "#000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#0B5FFF", "#0b5fff")).toBeCloseTo(1, 5);
    // WebAIM's checker: #767676 on white is the lightest grey that passes AA (4.54:1).
    expect(contrastRatio("#767676", "#FFFFFF")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#777777", "#FFFFFF")).toBeLessThan(AA_TEXT_CONTRAST);
    expect(contrastRatio("azul", "#FFFFFF")).toBeNull();
  });

  it("picks black or white, whichever reads better", () => {
    expect(readableOn("#FFFF00")).toBe("#000000");
    expect(readableOn("#1E1B4B")).toBe("#ffffff");
  });
});

describe("brandPalette", () => {
  it("keeps the integrator's five colors when the text on them is readable", () => {
    const palette = brandPalette({ button_color: "#1E1B4B", button_text_color: "#FDE68A", primary_color: "#6D28D9", secondary_color: "#EDE9FE", background_color: "#FAFAF9" });
    expect(palette).toEqual({
      "--brand": "#1E1B4B",
      "--brand-text": "#FDE68A",
      "--brand-primary": "#6D28D9",
      "--brand-secondary": "#EDE9FE",
      "--brand-page": "#FAFAF9",
      "--brand-page-text": "#000000",
    });
  });

  it("replaces a button text color below 4.5:1 on the button by black or white, and writes white on a dark page", () => {
    const palette = brandPalette({ button_color: "#FFD700", button_text_color: "#FFFFFF", background_color: "#111827" });
    expect(contrastRatio("#FFFFFF", "#FFD700")!).toBeLessThan(AA_TEXT_CONTRAST);
    expect(palette["--brand-text"]).toBe("#000000");
    expect(palette["--brand-page-text"]).toBe("#ffffff");
    for (const [text, behind] of [[palette["--brand-text"]!, palette["--brand"]!], [palette["--brand-page-text"]!, palette["--brand-page"]!]] as const) {
      expect(contrastRatio(text, behind)!).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
  });

  it("falls back to primary_color for buttons (version 3's two colors), then to the site's own, and leaves the page alone without a background", () => {
    expect(brandPalette({ primary_color: "#6d28d9", secondary_color: "#ede9fe" })).toEqual({ "--brand": "#6d28d9", "--brand-text": "#ffffff", "--brand-primary": "#6d28d9", "--brand-secondary": "#ede9fe" });
    const plain = brandPalette({});
    expect(plain["--brand-page"]).toBeUndefined();
    expect(contrastRatio(plain["--brand-text"]!, plain["--brand"]!)!).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });
});
