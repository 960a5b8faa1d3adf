import { z } from "zod";

/**
 * Colours and their contrast (WCAG 2.1), shared by the pages (components), the e-mails and the
 * company profile's service. Pure and browser-safe.
 */

export const AA_TEXT_CONTRAST = 4.5;
const BLACK = "#000000";
const WHITE = "#ffffff";

/** #RGB or #RRGGBB as [r, g, b] in 0–255; null for anything else. */
function rgb(hex: string | undefined): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex ?? "");
  if (!m) return null;
  const digits = m[1]!.length === 3 ? [...m[1]!].map((d) => d + d).join("") : m[1]!;
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

export const isHexColor = (hex: string | undefined): hex is string => rgb(hex) !== null;

/** WCAG 2.1 relative luminance. */
function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2.1 contrast ratio of two colors (1 to 21); null when either is not a hex color. */
export function contrastRatio(a: string, b: string): number | null {
  const [x, y] = [rgb(a), rgb(b)];
  if (!x || !y) return null;
  const [light, dark] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Black or white, whichever reads better on `background`. For any colour one of the two reaches
 * at least √21 ≈ 4.58:1 (the two ratios multiply to 21), so text written this way always meets
 * AA's 4.5:1: a brand colour never needs refusing, only its text colour choosing.
 */
export function readableOn(background: string): string {
  return (contrastRatio(BLACK, background) ?? 0) >= (contrastRatio(WHITE, background) ?? 0) ? BLACK : WHITE;
}

/** A brand colour as the settings form and the service take it: #rrggbb, stored lowercase. */
export const brandColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "Must be a colour as #rrggbb.")
  .transform((c) => c.toLowerCase());
