import { spawn } from "node:child_process";
import sharp from "sharp";

/**
 * PDF pages as pictures, by poppler (Debian `poppler-utils`: pdfinfo, pdftoppm), so a phone sees
 * the first page before any PDF viewer downloads. Drawn as viewers show them: the crop box,
 * turned by /Rotate; the sizes below are of that displayed page, so signature boxes (fractions
 * of the displayed page) land on the pictures as on the sealed PDF. Bytes in, bytes out.
 */

export type PageSize = { width: number; height: number };

/** Too slow means too big: the page falls back to the browser's PDF viewer. */
const TIMEOUT_MS = 20_000;
/** Far above any width we ask for (the widest is 2460 px, PAGE_IMAGE_WIDTHS) on a page 20 times taller than wide. */
const MAX_PIXELS = 2460 * 2460 * 20;

function run(tool: string, args: string[], input: Uint8Array): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ["pipe", "pipe", "ignore"], timeout: TIMEOUT_MS });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => chunks.push(c));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${tool} exited with ${code}`))));
    // A tool that stops reading early (a damaged file) closes the pipe: not our error to raise.
    child.stdin.on("error", () => {});
    child.stdin.end(input);
  });
}

/** Each page's displayed size in points, or null where poppler is not installed or cannot read the file. */
export async function displayedPageSizes(pdf: Uint8Array): Promise<PageSize[] | null> {
  try {
    // pdfinfo stops at the last page: the count is the file's own (a sealed one has its sheet too).
    const info = (await run("pdfinfo", ["-f", "1", "-l", "100000", "-"], pdf)).toString("latin1");
    const pageCount = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
    if (!pageCount) return null;
    const sizes: PageSize[] = [];
    for (let n = 1; n <= pageCount; n++) {
      const size = new RegExp(`^Page\\s+${n} size:\\s+([\\d.]+) x ([\\d.]+) pts`, "m").exec(info);
      const rot = new RegExp(`^Page\\s+${n} rot:\\s+(\\d+)`, "m").exec(info);
      if (!size) return null;
      const [w, h] = [Number(size[1]), Number(size[2])];
      const turned = rot ? Number(rot[1]) % 180 === 90 : false;
      sizes.push(turned ? { width: h, height: w } : { width: w, height: h });
    }
    return sizes;
  } catch {
    return null;
  }
}

/**
 * One page as a PNG about `width` pixels wide, given its displayed size. By resolution, not
 * -scale-to-x: pdftoppm applies that before turning a rotated page.
 */
export async function pagePng(pdf: Uint8Array, page: number, width: number, size: PageSize): Promise<Buffer> {
  // Half a pixel less: pdftoppm rounds the width up.
  const dpi = ((width - 0.5) / size.width) * 72;
  // One "-": the file from stdin, the picture to stdout.
  const drawn = await run("pdftoppm", ["-png", "-cropbox", "-f", String(page), "-l", String(page), "-r", dpi.toFixed(3), "-singlefile", "-"], pdf);
  // The first page is what a phone waits for (its LCP). pdftoppm writes full-colour PNGs; a page
  // of text in 256 quantized colours (libimagequant, pngquant's library, inside sharp) looks the
  // same and weighs 5–15x less: measured at 820 px, a one-page contract 138 KB -> 9 KB, the
  // corpus's IRS 1040 form 273 KB -> 74 KB, a colour form 148 KB -> 47 KB, about 50–70 ms each
  // (pictures are cached).
  return sharp(drawn, { limitInputPixels: MAX_PIXELS }).png({ palette: true, quality: 90, effort: 7, compressionLevel: 9 }).toBuffer();
}
