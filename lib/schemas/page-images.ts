// Shared by the signing page (its srcset) and the server that draws the pictures; no zod here, so
// the page's browser code stays small.

/**
 * The widths the signing page's pictures of pages are drawn at; no others, so a link cannot make
 * the server draw and keep every size. 640: a phone of 412 CSS px at 1.75 device pixels each
 * (Lighthouse's mobile profile) shows a page 346 px wide, 606 device pixels, and took the 820
 * picture: 37 KB where 640 is about 60 % of the pixels, on the largest paint's path.
 */
export const PAGE_IMAGE_WIDTHS = [480, 640, 820, 1240, 1640, 2460] as const;
export type PageImageWidth = (typeof PAGE_IMAGE_WIDTHS)[number];
