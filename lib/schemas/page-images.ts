// Shared by the signing page (its srcset) and the server that draws the pictures; no zod here, so
// the page's browser code stays small.

/**
 * The widths the signing page's pictures of pages are drawn at; no others, so a link cannot make
 * the server draw and keep every size. (A 640 one was tried for phones at 1.75x, 606 device
 * pixels of page: scaled down from the upload's drawing it came out 48 KB against the 820's
 * 37 KB, the text's edges taking more colours, so it is not offered. Page 1 is now drawn at each
 * width instead, 10 KB at 820: see pagePngs in lib/pdf/page-raster.ts.)
 */
export const PAGE_IMAGE_WIDTHS = [480, 820, 1240, 1640, 2460] as const;
export type PageImageWidth = (typeof PAGE_IMAGE_WIDTHS)[number];
