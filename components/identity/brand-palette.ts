import { AA_TEXT_CONTRAST, contrastRatio, isHexColor, readableOn } from "@/lib/schemas/brand-color";

export { AA_TEXT_CONTRAST, contrastRatio, readableOn };

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

const DEFAULT_BRAND = "#0f766e";
const DEFAULT_TRACK = "#e4e4e7";
const WHITE = "#ffffff";

const valid = (hex: string | undefined) => (isHexColor(hex) ? hex : undefined);

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
