import { untrustedImage } from "@/lib/adapters/image-input";
import { invalid } from "@/lib/errors";

/**
 * The drawn autograph is only for the eye: the sheet draws it at most 130×44 pt, a box stamp a
 * few centimetres wide. A PNG's size is in its header (IHDR, PNG spec §11.2.2) and its weight says
 * nothing of it: a 16000×16000 PNG of 249 KB passed the 512 KB limit, and pdf-lib's embedPng
 * inflated it on the main thread during the seal (16 s, +0.7 GB). So the header is read first, a
 * drawing past AUTOGRAPH_MAX_PIXELS is refused before any decoding, and the rest is scaled down
 * by sharp (libvips, off the event loop) to AUTOGRAPH_BOX before it is stored or embedded.
 */
export const AUTOGRAPH_MAX_PIXELS = 4_000_000;
export const AUTOGRAPH_MAX_SIDE = 4096;
/** 4.6 px per point of the sheet's 130×44 pt: sharp on paper, a few KB. */
export const AUTOGRAPH_BOX = { width: 600, height: 200 };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR, or null when the bytes are not a PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.byteLength < 24 || !b.subarray(0, 8).equals(PNG_SIGNATURE) || b.toString("latin1", 12, 16) !== "IHDR") return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** A PNG autograph made small enough to embed; refuses (422 on `autograph`) one too large to decode. */
export async function boundedAutograph(bytes: Uint8Array): Promise<Uint8Array> {
  const size = pngSize(bytes);
  if (!size) throw invalid("autograph", "Must be a PNG image as a data URI.");
  if (size.width === 0 || size.height === 0 || size.width > AUTOGRAPH_MAX_SIDE || size.height > AUTOGRAPH_MAX_SIDE || size.width * size.height > AUTOGRAPH_MAX_PIXELS) {
    throw invalid("autograph", `The drawing is ${size.width}×${size.height} px: at most ${AUTOGRAPH_MAX_SIDE} px a side and ${AUTOGRAPH_MAX_PIXELS / 1_000_000} MP.`);
  }
  try {
    const png = await untrustedImage(bytes).resize({ ...AUTOGRAPH_BOX, fit: "inside", withoutEnlargement: true }).png({ compressionLevel: 9 }).toBuffer();
    return new Uint8Array(png);
  } catch {
    throw invalid("autograph", "The drawing could not be read as a PNG image.");
  }
}

/** For the seal: an autograph stored before these bounds is drawn bounded, or left out if it cannot be. */
export async function embeddableAutograph(bytes: Uint8Array): Promise<Uint8Array | null> {
  return boundedAutograph(bytes).catch(() => null);
}
