import path from "node:path";
import sharp from "sharp";
import { resolvePackageFile } from "@/lib/adapters/node-packages";

/**
 * Faces for the sandbox people: real photographs, because the face models only find real faces.
 * They are the sample photos @vladmandic/face-api ships in its demo folder (MIT; a dev
 * dependency, read where npm put them), one face each, cut out by the box below (found once with
 * the face detector). Those samples are all women; the sandbox men (sexo H: people 2 and 4) get
 * two men's faces from the face-match screenshot @vladmandic/human ships (MIT, a dependency),
 * cut inside the tiles' printed scores. A man's card carries a man's face: a reviewer looking at
 * the sandbox should not see the card contradict itself.
 *
 * The card photo and the selfie come from the same photograph, cut, toned and compressed
 * differently, so a match is easier than between two photos taken years apart: the face-match
 * numbers of bench/identity.ts are an upper bound, said so in the README.
 */
/** `tile`: the box is inside a tile of the face-match screenshot: padding it there would show its neighbours. */
export type FaceSource = { sample: number | "human-facematch"; box: [number, number, number, number]; tile?: true };

export const SANDBOX_FACES: FaceSource[] = [
  { sample: 1, box: [334, 316, 352, 352] },
  { sample: "human-facematch", box: [1174, 300, 100, 74], tile: true },
  { sample: 3, box: [515, 295, 361, 361] },
  { sample: "human-facematch", box: [537, 412, 100, 76], tile: true },
  { sample: 2, box: [805, 188, 353, 354] },
  { sample: 6, box: [177, 456, 360, 361] },
  { sample: 4, box: [1216, 134, 305, 305] },
  { sample: 6, box: [587, 300, 384, 384] },
  { sample: 3, box: [1372, 244, 409, 409] },
  { sample: 1, box: [773, 386, 327, 326] },
];

/**
 * A face that looks slightly aside (yaw ~0.17 rad) while its mirror image looks the other way:
 * the liveness tests play the two as a head turn (a man's face of the sandbox looks straight
 * ahead, so its mirror image is no turn). It was person 2's face before the sandbox men got men's
 * faces.
 */
export const TURNING_FACE: FaceSource = { sample: 2, box: [1370, 112, 347, 348] };

function samplePath(sample: FaceSource["sample"]): string {
  // The package exports only its dist/ bundle: its assets/ folder is found beside it.
  if (sample === "human-facematch") return path.join(path.dirname(resolvePackageFile("@vladmandic/human")), "..", "assets", "screenshot-facematch.jpg");
  const dir = path.dirname(resolvePackageFile("@vladmandic/face-api/package.json"));
  return path.join(dir, "demo", `sample${sample}.jpg`);
}

async function cut(face: FaceSource, pad: number): Promise<ReturnType<typeof sharp>> {
  const file = samplePath(face.sample);
  const [x, y, w, h] = face.box;
  if (face.tile) {
    // A tile is cut inside its printed scores, so the face fills it; a plain backdrop around it
    // gives back the margin the face detector needs around a face.
    const tile = await sharp(file).extract({ left: x, top: y, width: w, height: h }).toBuffer();
    const side = Math.round(w * pad);
    return sharp(await sharp(tile).extend({ left: side, right: side, top: Math.round(h * pad * 1.2), bottom: Math.round(h * pad * 1.2), extendWith: "background", background: "#d9d6d0" }).png().toBuffer());
  }
  const { width = 0, height = 0 } = await sharp(file).metadata();
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
  return (await cut(face, 0.35)).greyscale().resize(240, 300, { fit: "cover", position: face.tile ? "centre" : "top" }).png().toBuffer();
}

/**
 * A selfie: the face in colour with some background, 720 px wide, a phone camera's JPEG. A dark
 * one is raised to a mean grey of about 56, so it passes the verification page's own light check
 * (capture-quality: under 45 is "muy oscura"; sample 1 is a night shot at 42). No further: the
 * brighter it gets, the further it drifts from its card photo (at 80, person 1's camera frame
 * matched the card at 0.64, under FACE_MATCH_THRESHOLD).
 */
export async function selfie(face: FaceSource): Promise<Buffer> {
  const cropped = await (await cut(face, 0.45)).resize({ width: 720 }).png().toBuffer();
  const { channels } = await sharp(cropped).stats();
  const [r, g, b] = channels.map((c) => c.mean) as [number, number, number];
  const grey = 0.299 * r + 0.587 * g + 0.114 * b;
  return sharp(cropped).modulate({ brightness: Math.min(3, Math.max(1, 56 / grey)) }).jpeg({ quality: 85 }).toBuffer();
}
