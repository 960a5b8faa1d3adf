import path from "node:path";
import sharp from "sharp";
import { resolvePackageFile } from "@/lib/adapters/node-packages";

/**
 * Faces for the sandbox people: real photographs, because the face models only find real faces.
 * They are the sample photos @vladmandic/face-api ships in its demo folder (MIT; a dev
 * dependency, read where npm put them), one face each, cut out by the box below (found once with
 * the face detector). The faces were handed out in order; they have nothing to do with the
 * sandbox names.
 *
 * The card photo and the selfie come from the same photograph, cut, toned and compressed
 * differently, so a match is easier than between two photos taken years apart: the face-match
 * numbers of bench/identity.ts are an upper bound, said so in the README.
 */
type FaceSource = { sample: number; box: [number, number, number, number] };

export const SANDBOX_FACES: FaceSource[] = [
  { sample: 1, box: [334, 316, 352, 352] },
  { sample: 2, box: [1370, 112, 347, 348] },
  { sample: 3, box: [515, 295, 361, 361] },
  { sample: 4, box: [611, 64, 278, 278] },
  { sample: 2, box: [805, 188, 353, 354] },
  { sample: 6, box: [177, 456, 360, 361] },
  { sample: 4, box: [1216, 134, 305, 305] },
  { sample: 6, box: [587, 300, 384, 384] },
  { sample: 3, box: [1372, 244, 409, 409] },
  { sample: 1, box: [773, 386, 327, 326] },
];

function samplePath(sample: number): string {
  const dir = path.dirname(resolvePackageFile("@vladmandic/face-api/package.json"));
  return path.join(dir, "demo", `sample${sample}.jpg`);
}

async function cut(face: FaceSource, pad: number): Promise<ReturnType<typeof sharp>> {
  const file = samplePath(face.sample);
  const { width = 0, height = 0 } = await sharp(file).metadata();
  const [x, y, w, h] = face.box;
  const left = Math.max(0, Math.round(x - w * pad));
  const top = Math.max(0, Math.round(y - h * pad * 1.2));
  return sharp(file).extract({
    left,
    top,
    width: Math.min(width - left, Math.round(w * (1 + 2 * pad))),
    height: Math.min(height - top, Math.round(h * (1 + 2.4 * pad))),
  });
}

/** The card's photo: head and shoulders in grey, 240×300, as printed on an INE. */
export async function cardPhoto(face: FaceSource): Promise<Buffer> {
  return (await cut(face, 0.35)).greyscale().resize(240, 300, { fit: "cover", position: "top" }).png().toBuffer();
}

/** A selfie: the face in colour with some background, 720 px wide, a phone camera's JPEG. */
export async function selfie(face: FaceSource): Promise<Buffer> {
  return (await cut(face, 0.45)).resize({ width: 720 }).modulate({ brightness: 1.05 }).jpeg({ quality: 85 }).toBuffer();
}
