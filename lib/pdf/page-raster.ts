import sharp from "sharp";
import { drawPdfPage, measurePdf, type Drawing, type EngineFailure, type PictureRequest } from "./pdf-engine";

/**
 * PDF pages as pictures, drawn by MuPDF (lib/pdf/pdf-engine.ts), so a phone sees the first page
 * before any PDF viewer downloads. Drawn as viewers show them: the crop box, turned by /Rotate;
 * the sizes below are of that displayed page, so signature boxes (fractions of the displayed
 * page) land on the pictures as on the sealed PDF. Bytes in, bytes out.
 */

export type PageSize = { width: number; height: number };

/** Each page's displayed size in points, or null where the file cannot be read or has more than maxPages pages. */
export async function displayedPageSizes(pdf: Uint8Array, maxPages = Number.MAX_SAFE_INTEGER): Promise<PageSize[] | null> {
  const measured = await measurePdf(pdf, maxPages);
  if (!measured.ok || !measured.sizes) return null;
  return pageSizesOf(measured.sizes);
}

export function pageSizesOf(flat: Float64Array): PageSize[] {
  return Array.from({ length: flat.length / 2 }, (_, i) => ({ width: flat[2 * i]!, height: flat[2 * i + 1]! }));
}

/** How page pictures are written: 256 quantized colours (see pagePng). */
export const PAGE_PNG = { palette: true, quality: 90, effort: 7, compressionLevel: 9 } as const;

export type PagePicture = { ok: true; png: Buffer } | EngineFailure;

/**
 * One page as a PNG `width` pixels wide (narrower when the page is so long that the picture
 * would pass the engine's pixel cap). `key` (the file's hash) lets the engine keep the file open;
 * `picture` puts it in the engine's fair lane for pictures (see drawPdfPage).
 */
export async function pagePng(pdf: Uint8Array, page: number, width: number, key?: string, picture?: PictureRequest): Promise<PagePicture> {
  return encodePage(await drawPdfPage(pdf, page, width, key, picture));
}

/**
 * One page at several widths, when a drawing of it (`drawn`, usually the widest) is already at
 * hand: the widths below the drawing's are drawn again by the engine at their own size, not
 * scaled down from it. Scaling down softens the text's edges into more greys, which the 256-colour
 * PNG pays for: the bench's contract page at 820 px weighed 37 KB scaled, 10 KB drawn (issue 28:
 * it is the phone's LCP picture, on slow 4G). Widths from the drawing's up use the drawing itself.
 */
export async function pagePngs(pdf: Uint8Array, page: number, widths: readonly number[], drawn: Extract<Drawing, { ok: true }>, key?: string): Promise<Array<[number, PagePicture]>> {
  return Promise.all(widths.map(async (width): Promise<[number, PagePicture]> => [width, await (width < drawn.width ? pagePng(pdf, page, width, key) : encodePage(drawn))]));
}

async function encodePage(drawn: Drawing): Promise<PagePicture> {
  if (!drawn.ok) return drawn;
  // The first page is what a phone waits for (its LCP). A page of text in 256 quantized colours
  // (libimagequant, pngquant's library, inside sharp) looks the same as full colour and weighs
  // 5–15x less: measured at 820 px, a one-page contract 138 KB -> 9 KB, the corpus's IRS 1040
  // form 273 KB -> 74 KB, a colour form 148 KB -> 47 KB, about 50–70 ms each (pictures are cached).
  const png = await sharp(drawn.pixels, { raw: { width: drawn.width, height: drawn.height, channels: 3 } })
    .png(PAGE_PNG)
    .toBuffer();
  return { ok: true, png };
}
