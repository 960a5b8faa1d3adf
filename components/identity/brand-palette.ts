/**
 * The verification page's colors from the integrator's branding, as CSS variables, keeping text
 * readable: WCAG 2.1 AA asks 4.5:1 between normal text and what is behind it. The integrator's
 * button text color is kept when it reaches that on the button's color; otherwise, and for the
 * page's text on its background, black or white is used, whichever contrasts more. Pure, so the
 * page and its unit test compute the same thing.
 */

export type Branding = {
  primary_color?: string;
  secondary_color?: string;
  button_color?: string;
  background_color?: string;
  button_text_color?: string;
};

export const AA_TEXT_CONTRAST = 4.5;

const DEFAULT_BRAND = "#0f766e";
const DEFAULT_TRACK = "#e4e4e7";
const BLACK = "#000000";
const WHITE = "#ffffff";

/** #RGB or #RRGGBB as [r, g, b] in 0–255; null for anything else. */
function rgb(hex: string | undefined): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex ?? "");
  if (!m) return null;
  const digits = m[1]!.length === 3 ? [...m[1]!].map((d) => d + d).join("") : m[1]!;
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

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

/** Black or white, whichever reads better on `background`. */
export function readableOn(background: string): string {
  return (contrastRatio(BLACK, background) ?? 0) >= (contrastRatio(WHITE, background) ?? 0) ? BLACK : WHITE;
}

const valid = (hex: string | undefined) => (rgb(hex) ? hex : undefined);

/**
 * --brand and --brand-text: buttons and their text; --brand-primary: progress bars;
 * --brand-secondary: their track and outlined buttons; --brand-page and --brand-page-text: the
 * page's background and text, set only when a background is given (else the site's own).
 */
export function brandPalette(branding: Branding): Record<string, string> {
  const button = valid(branding.button_color) ?? valid(branding.primary_color) ?? DEFAULT_BRAND;
  const wanted = valid(branding.button_text_color) ?? WHITE;
  const buttonText = (contrastRatio(wanted, button) ?? 0) >= AA_TEXT_CONTRAST ? wanted : readableOn(button);
  const background = valid(branding.background_color);
  return {
    "--brand": button,
    "--brand-text": buttonText,
    "--brand-primary": valid(branding.primary_color) ?? button,
    "--brand-secondary": valid(branding.secondary_color) ?? DEFAULT_TRACK,
    ...(background ? { "--brand-page": background, "--brand-page-text": readableOn(background) } : {}),
  };
}
