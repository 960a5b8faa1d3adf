// Shared by the signing page (its srcset) and the server that draws the pictures; no zod here, so
// the page's browser code stays small.

/**
 * The widths the signing page's pictures of pages are drawn at; no others, so a link cannot make
 * the server draw and keep every size.
 */
export const PAGE_IMAGE_WIDTHS = [480, 820, 1240, 1640, 2460] as const;
export type PageImageWidth = (typeof PAGE_IMAGE_WIDTHS)[number];
