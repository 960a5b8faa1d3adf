import crypto from "node:crypto";
import sharp from "sharp";
import { invalid } from "@/lib/errors";
import { LOGO_MAX_BYTES } from "@/lib/schemas/company-profile";

/**
 * A company logo is shown to strangers (signers, persons verifying) on our pages and in e-mails,
 * so what is stored is never what was uploaded: only PNG and JPEG are taken (SVG can carry
 * scripts and external references), their size is read from the header and a picture past
 * LOGO_MAX_PIXELS is refused before any decoding (a 16000×16000 PNG weighs under 1 MB and
 * decodes to 1 GB), and what passes is decoded with sharp under the same pixel limit and drawn
 * again as a small PNG: metadata, ICC tricks and trailing bytes stay behind.
 */
export const LOGO_MAX_PIXELS = 16_000_000;
export const LOGO_MAX_SIDE = 8192;
/** The largest a header or an e-mail shows it, at 2× for sharp screens. */
export const LOGO_BOX = { width: 640, height: 200 };

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

export type StoredLogo = { png: string; sha256: string };

export async function boundedLogo(bytes: Uint8Array): Promise<StoredLogo> {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.byteLength > LOGO_MAX_BYTES) throw invalid("logo", `The logo weighs ${Math.ceil(b.byteLength / 1024)} KB: at most ${LOGO_MAX_BYTES / 1024} KB.`);
  const declared = b.subarray(0, 8).equals(PNG) ? "png" : b.subarray(0, 3).equals(JPEG) ? "jpeg" : null;
  if (!declared) throw invalid("logo", "The logo must be a PNG or JPEG image.");
  // metadata() reads the header only: nothing is decoded yet.
  const meta = await sharp(b).metadata().catch(() => null);
  if (!meta || meta.format !== declared || !meta.width || !meta.height) throw invalid("logo", "The logo could not be read as a PNG or JPEG image.");
  if (meta.width > LOGO_MAX_SIDE || meta.height > LOGO_MAX_SIDE || meta.width * meta.height > LOGO_MAX_PIXELS) {
    throw invalid("logo", `The logo is ${meta.width}×${meta.height} px: at most ${LOGO_MAX_SIDE} px a side and ${LOGO_MAX_PIXELS / 1_000_000} MP.`);
  }
  try {
    const png = await sharp(b, { limitInputPixels: LOGO_MAX_PIXELS, failOn: "error" })
      .rotate() // a phone photo's EXIF orientation, applied before the orientation tag is dropped
      .resize({ ...LOGO_BOX, fit: "inside", withoutEnlargement: true })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
    return { png: png.toString("base64"), sha256: crypto.createHash("sha256").update(png).digest("hex") };
  } catch {
    throw invalid("logo", "The logo could not be read as a PNG or JPEG image.");
  }
}
