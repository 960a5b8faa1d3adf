import sharp from "sharp";

/** A phone photo of 40 MP (7740 × 5160, the pixel cap): the card on a grey table, half the picture's width (issue #63's load). */
export async function fortyMegapixelPhoto(card: Buffer): Promise<Buffer> {
  const large = await sharp(card).resize({ width: 3900 }).toBuffer();
  return sharp({ create: { width: 7740, height: 5160, channels: 3, background: { r: 120, g: 118, b: 110 } } })
    .composite([{ input: large, left: 1900, top: 1300 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}
