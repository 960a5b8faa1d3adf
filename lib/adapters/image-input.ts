import sharp from "sharp";

/**
 * Largest image decoded, in pixels (a 108 MP phone photo is 12000×9000; 40 MP is plenty for a
 * card or a face). A PNG of 16000×16000 px weighs under 1 MB yet decodes to 1 GB of pixels and
 * kept the readers busy for half a minute: images are refused from their header above this
 * (imageInfo), and every reader opens its input with it as sharp's limitInputPixels.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** sharp over an image that came from outside: it refuses to decode one past MAX_IMAGE_PIXELS. */
export function untrustedImage(bytes: Uint8Array) {
  return sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS });
}
