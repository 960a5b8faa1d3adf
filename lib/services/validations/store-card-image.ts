import sharp from "sharp";
import type { DbOrTx } from "@/lib/db/client";
import { storedFiles } from "@/lib/db/schema";
import type { FileStorage } from "@/lib/adapters/storage/file-storage";
import { invalid } from "@/lib/errors";
import { MAX_IMAGE_PIXELS } from "@/lib/adapters/image-input";
import { MIN_READ_WIDTH } from "@/lib/adapters/ocr/front-picture";

export const MAX_CARD_IMAGE_BYTES = 10 * 1024 * 1024;
/**
 * Long side below which an image is refused outright: the back's MRZ needs 600 px; a front smaller
 * than the narrowest card the reader reads (front-picture.ts: MIN_READ_WIDTH) cannot hold one, and a larger front is
 * measured where the card is (full-ine-check answers why it cannot be read, in `message`).
 */
const MIN_LONG_SIDE = { ine_front: MIN_READ_WIDTH, ine_back: 600 } as const;

const TYPES = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" } as const;

/**
 * A JPEG, PNG or WebP image's content type, long side and pixel count, read from its header only
 * (nothing is decoded); null for anything else, empty bytes included.
 */
export async function imageInfo(bytes: Uint8Array): Promise<{ contentType: (typeof TYPES)[keyof typeof TYPES]; longSide: number; pixels: number } | null> {
  // sharp throws synchronously (not a rejected promise) for an empty buffer.
  if (bytes.byteLength === 0) return null;
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  const contentType = meta?.format ? TYPES[meta.format as keyof typeof TYPES] : undefined;
  const [width, height] = [meta?.width ?? 0, meta?.height ?? 0];
  return meta && contentType ? { contentType, longSide: Math.max(width, height), pixels: width * height } : null;
}

/**
 * Decodes a card image sent as Base64 or a data URI, checks it is an image we can read and large
 * enough for the MRZ to be legible, and stores it by content. Refusals name the field (422).
 */
export async function storeCardImage(db: DbOrTx, storage: FileStorage, field: "ine_front" | "ine_back", value: string): Promise<string> {
  const bytes = Buffer.from(value.replace(/^data:image\/\w+;base64,/, ""), "base64");
  if (bytes.byteLength > MAX_CARD_IMAGE_BYTES) throw invalid(field, `The ${field} field must not be larger than 10 MB.`);
  const image = await imageInfo(bytes);
  if (!image) throw invalid(field, `The ${field} field must be a JPEG, PNG or WebP image as Base64 or a data URI.`);
  if (image.pixels > MAX_IMAGE_PIXELS) throw invalid(field, `The ${field} image has too many pixels (${megapixels(image.pixels)} MP); send at most ${megapixels(MAX_IMAGE_PIXELS)} MP.`);
  const type = image.contentType;
  const width = image.longSide;
  if (width < MIN_LONG_SIDE[field]) throw invalid(field, `The ${field} image is too small to read (${width} px); send at least ${MIN_LONG_SIDE[field]} px on its long side.`);
  const stored = await storage.put(bytes);
  await db.insert(storedFiles).values({ sha256: stored.sha256, size: stored.size, contentType: type }).onConflictDoNothing();
  return stored.sha256;
}

export const megapixels = (pixels: number) => Math.round(pixels / 1e6);
