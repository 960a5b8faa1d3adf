// What a phone or a cheap scanner does to a card image, one kind at a time with its strength
// drawn at random (seeded), for bench/identity.ts. Each result is a JPEG, as uploads are.
import sharp, { type Sharp } from "sharp";
import { between, pick, type Random } from "../synthetic-people";

export const DEGRADATIONS = ["rotate", "blur", "noise", "jpeg", "downscale"] as const;
export type DegradationKind = "clean" | (typeof DEGRADATIONS)[number];
export type Degradation =
  | { kind: "clean" }
  | { kind: "rotate"; degrees: number; background: string }
  | { kind: "blur"; sigma: number }
  | { kind: "noise"; opacity: number }
  | { kind: "jpeg"; quality: number }
  | { kind: "downscale"; width: number };

const uniform = (random: Random, min: number, max: number) => min + random() * (max - min);
// Standard normal from two uniforms (Box–Muller).
const gaussian = (random: Random) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/** Every third card clean; the others cycle through the kinds, so each kind gets its share. */
export function chooseDegradation(index: number, random: Random): Degradation {
  if (index % 3 === 0) return { kind: "clean" };
  const kind = DEGRADATIONS[(index - 1 - Math.floor(index / 3)) % DEGRADATIONS.length]!;
  switch (kind) {
    case "rotate":
      return { kind, degrees: Number(((random() < 0.5 ? -1 : 1) * uniform(random, 1, 4)).toFixed(1)), background: pick(random, ["#3b2f2a", "#5c5c5c", "#1f2a38", "#8a7b68"]) };
    case "blur":
      return { kind, sigma: Number(uniform(random, 0.8, 1.5).toFixed(2)) };
    case "noise":
      return { kind, opacity: Number(uniform(random, 0.12, 0.25).toFixed(2)) };
    case "jpeg":
      return { kind, quality: between(random, 35, 50) };
    case "downscale":
      return { kind, width: between(random, 480, 640) };
  }
}

export function describeDegradation(d: Degradation): string {
  switch (d.kind) {
    case "clean":
      return "clean";
    case "rotate":
      return `rotated ${d.degrees}° on ${d.background}`;
    case "blur":
      return `blur σ ${d.sigma}`;
    case "noise":
      return `noise ${Math.round(d.opacity * 64)} levels`;
    case "jpeg":
      return `JPEG q${d.quality}`;
    case "downscale":
      return `${d.width} px wide`;
  }
}

export async function degrade(image: Buffer, d: Degradation, random: Random): Promise<Buffer> {
  const jpeg = (s: Sharp, quality = 90) => s.jpeg({ quality }).toBuffer();
  switch (d.kind) {
    case "clean":
      return image;
    case "rotate":
      // The card lies on a table: background around it, then turned.
      return jpeg(sharp(await sharp(image).extend({ top: 40, bottom: 40, left: 40, right: 40, background: d.background }).toBuffer()).rotate(d.degrees, { background: d.background }));
    case "blur":
      return jpeg(sharp(image).blur(d.sigma));
    case "noise": {
      // A grey layer of gaussian noise (mean 128, sd 64) laid over at `opacity`: sensor noise of
      // sd ≈ opacity × 64 levels, with the contrast loss a dim capture has.
      const { width = 0, height = 0 } = await sharp(image).metadata();
      const noise = Buffer.alloc(width * height * 4);
      const alpha = Math.round(d.opacity * 255);
      for (let i = 0; i < width * height; i++) {
        const g = Math.max(0, Math.min(255, Math.round(128 + 64 * gaussian(random))));
        noise.writeUInt32BE(((g << 24) | (g << 16) | (g << 8) | alpha) >>> 0, i * 4);
      }
      return jpeg(sharp(image).composite([{ input: noise, raw: { width, height, channels: 4 } }]));
    }
    case "jpeg":
      return jpeg(sharp(image), d.quality);
    case "downscale":
      return jpeg(sharp(image).resize({ width: d.width }));
  }
}
