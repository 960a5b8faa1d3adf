// Phone-like pictures of a card front, for bench/identity.ts and the capture tests: the card laid on a procedural
// background (wood, cloth, a hand's skin), seen at an angle, turned, lit with a glare, blurred,
// re-compressed, or handed over small. One kind of distortion leads each picture (the row it is
// counted in); every picture ends as a JPEG of quality 35–90, as uploads are. Seeded: the same
// seed draws the same pictures.
import sharp, { type Sharp } from "sharp";
import { free, opencv } from "@/lib/adapters/vision/opencv";

/** Uniform in [0, 1): a seeded generator (bench/synthetic-people's seededRandom) or Math.random. */
export type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

export const AUGMENTATIONS = ["perspective", "rotation", "glare", "blur", "jpeg", "small", "small_photo"] as const;
export type AugmentationKind = (typeof AUGMENTATIONS)[number];
export type Augmentation = { kind: AugmentationKind; tilt: number; axis: "x" | "y"; rotate: number; background: Background; glare: boolean; blur: number; quality: number; width: number | null };
type Background = "wood" | "cloth" | "skin" | "none";

const uniform = (random: Random, min: number, max: number) => min + random() * (max - min);
const round = (x: number, digits = 1) => Number(x.toFixed(digits));

export function chooseAugmentation(kind: AugmentationKind, random: Random): Augmentation {
  // A photo: a few degrees of tilt and turn, a background, a phone-sized picture.
  const base: Augmentation = {
    kind,
    tilt: round(uniform(random, 0, 8)),
    axis: random() < 0.5 ? "x" : "y",
    rotate: round(uniform(random, -5, 5)),
    background: pick(random, ["wood", "cloth", "skin"] as const),
    glare: false,
    blur: 0,
    quality: Math.round(uniform(random, 60, 90)),
    width: null,
  };
  switch (kind) {
    case "perspective":
      return { ...base, tilt: round(uniform(random, 10, 20)) };
    case "rotation":
      return { ...base, rotate: round((random() < 0.5 ? -1 : 1) * uniform(random, 8, 25)) };
    case "glare":
      return { ...base, glare: true };
    case "blur":
      return { ...base, blur: round(uniform(random, 1, 2.2), 2) };
    case "jpeg":
      return { ...base, quality: Math.round(uniform(random, 35, 50)) };
    case "small":
      // The card alone, as a gallery, a chat app or a web form hands it over.
      return { ...base, tilt: 0, rotate: 0, background: "none", width: Math.round(uniform(random, 240, 480)) };
    case "small_photo":
      return { ...base, width: Math.round(uniform(random, 320, 480)) };
  }
}

export function describeAugmentation(a: Augmentation): string {
  const parts = [a.background === "none" ? "card alone" : `on ${a.background}`];
  if (a.tilt) parts.push(`tilt ${a.tilt}° (${a.axis})`);
  if (a.rotate) parts.push(`turned ${a.rotate}°`);
  if (a.glare) parts.push("glare");
  if (a.blur) parts.push(`blur σ ${a.blur}`);
  if (a.width) parts.push(`${a.width} px wide`);
  parts.push(`q${a.quality}`);
  return parts.join(", ");
}

/** The card (any size) as a phone would photograph it under `a`: a JPEG. */
export async function augment(card: Buffer, a: Augmentation, random: Random): Promise<Buffer> {
  // Every source at one size first, so that the distortions mean the same on each.
  const flat = await sharp(card).flatten({ background: "#ffffff" }).resize({ width: 1012, height: 638, fit: "fill" }).ensureAlpha().raw().toBuffer();
  let image: Sharp;
  if (a.background === "none") {
    image = sharp(flat, { raw: { width: 1012, height: 638, channels: 4 } });
  } else {
    const [W, H] = [1400, 1050];
    const placed = await onCanvas(flat, a, W, H, random);
    image = sharp(await background(a.background, W, H, random), { raw: { width: W, height: H, channels: 3 } }).composite([{ input: placed, raw: { width: W, height: H, channels: 4 } }]);
  }
  let out = await image.png().toBuffer();
  if (a.glare) {
    const { width = 0, height = 0 } = await sharp(out).metadata();
    const [cx, cy, r] = [uniform(random, 0.3, 0.7) * width, uniform(random, 0.3, 0.7) * height, uniform(random, 0.12, 0.22) * width];
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><radialGradient id="g"><stop offset="0" stop-color="#fff" stop-opacity="0.92"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${r * 0.6}" fill="url(#g)"/></svg>`;
    out = await sharp(out).composite([{ input: Buffer.from(svg) }]).png().toBuffer();
  }
  let s = sharp(out);
  if (a.blur) s = s.blur(a.blur);
  if (a.width) s = sharp(await s.png().toBuffer()).resize({ width: a.width });
  return s.jpeg({ quality: a.quality }).toBuffer();
}

/**
 * The card warped onto a transparent canvas: turned by `rotate`, tilted by `tilt` degrees about
 * its horizontal or vertical axis as a pinhole camera at 1.6 card widths sees it, at 60–75% of
 * the canvas width, somewhere inside it.
 */
async function onCanvas(rgba: Buffer, a: Augmentation, W: number, H: number, random: Random): Promise<Buffer> {
  const cv = await opencv();
  const [w, h] = [1012, 638];
  const f = 1.6 * w;
  const t = (a.tilt * Math.PI) / 180;
  const sign = random() < 0.5 ? -1 : 1;
  const projected = [
    [-w / 2, -h / 2],
    [w / 2, -h / 2],
    [w / 2, h / 2],
    [-w / 2, h / 2],
  ].map(([x, y]) => {
    const depth = sign * (a.axis === "y" ? x! : y!) * Math.sin(t);
    const k = f / (f + depth);
    return a.axis === "y" ? [x! * Math.cos(t) * k, y! * k] : [x! * k, y! * Math.cos(t) * k];
  });
  const r = (a.rotate * Math.PI) / 180;
  const turned = projected.map(([x, y]) => [x! * Math.cos(r) - y! * Math.sin(r), x! * Math.sin(r) + y! * Math.cos(r)]);
  const xs = turned.map((p) => p[0]!);
  const ys = turned.map((p) => p[1]!);
  const scale = (uniform(random, 0.6, 0.75) * W) / (Math.max(...xs) - Math.min(...xs));
  const [bw, bh] = [(Math.max(...xs) - Math.min(...xs)) * scale, (Math.max(...ys) - Math.min(...ys)) * scale];
  const [ox, oy] = [uniform(random, 0.05, 0.95) * (W - bw) - Math.min(...xs) * scale, uniform(random, 0.05, 0.95) * (H - bh) - Math.min(...ys) * scale];
  const dst = turned.flatMap(([x, y]) => [x! * scale + ox, y! * scale + oy]);
  const src = cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, w, 0, w, h, 0, h]);
  const to = cv.matFromArray(4, 1, cv.CV_32FC2, dst);
  const m = cv.getPerspectiveTransform(src, to);
  const input = cv.matFromArray(h, w, cv.CV_8UC4, rgba);
  const output = new cv.Mat();
  cv.warpPerspective(input, output, m, new cv.Size(W, H), cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(0, 0, 0, 0));
  const bytes = Buffer.from(output.data);
  free(src, to, m, input, output);
  return bytes;
}

/** A table, a cloth or a palm, drawn procedurally (RGB, `W`×`H`). */
async function background(kind: Exclude<Background, "none">, W: number, H: number, random: Random): Promise<Buffer> {
  const px = Buffer.alloc(W * H * 3);
  const phase = uniform(random, 0, 100);
  const tint = uniform(random, 0.8, 1.15);
  const colour: Record<typeof kind, [number, number, number]> = { wood: [120, 78, 45], cloth: pick(random, [[40, 60, 110], [150, 40, 45], [70, 90, 60], [200, 200, 195]] as [number, number, number][]), skin: pick(random, [[224, 172, 140], [198, 134, 98], [141, 85, 60]] as [number, number, number][]) };
  const [r0, g0, b0] = colour[kind];
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      let v: number;
      if (kind === "wood") v = 0.8 + 0.2 * Math.sin(y / 7 + 3 * Math.sin(x / 160 + phase) + Math.sin(y / 41)) + 0.05 * Math.sin(x / 3 + y);
      else if (kind === "cloth") v = 0.85 + 0.08 * Math.sin(x / 1.7) * Math.sin(y / 1.7) + 0.07 * Math.sin((x + y) / 9 + phase);
      else v = 0.9 + 0.08 * Math.sin(x / 90 + phase) * Math.cos(y / 70) + 0.04 * Math.sin(x / 13 + y / 17);
      const i = 3 * (y * W + x);
      px[i] = Math.max(0, Math.min(255, r0 * v * tint));
      px[i + 1] = Math.max(0, Math.min(255, g0 * v * tint));
      px[i + 2] = Math.max(0, Math.min(255, b0 * v * tint));
    }
  // A soft blur so the texture reads as a surface out of focus, not as printed lines.
  return sharp(px, { raw: { width: W, height: H, channels: 3 } }).blur(1.2).raw().toBuffer();
}
