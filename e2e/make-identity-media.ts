// Writes the sandbox person's captures for e2e/identity.spec.ts: the INE front (with their face
// or another's), the back, and the selfie as a Y4M video, the format Chromium's fake camera plays
// (--use-file-for-fake-video-capture); and, for the liveness test, another person's card and a
// video of their head "turning". Run as `npx tsx e2e/make-identity-media.ts DIR`.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { renderIneFront } from "@/lib/adapters/ine/sandbox-cards";
import { cardPhoto, selfie, TURNING_FACE } from "@/lib/adapters/ine/sandbox-faces";
import { OTHER_FACE, sandboxIdentityFiles } from "@/lib/adapters/ine/sandbox-identity";
import { SANDBOX_VOTERS } from "@/lib/adapters/ine/sandbox-voters";

/** A Y4M video of still frames, each shown `seconds`, at `fps` (the fake camera loops the file). */
async function y4m(frames: Buffer[], { width = 640, height = 480, fps = 30, seconds = 1 / 30 } = {}): Promise<Buffer> {
  const planes = await Promise.all(frames.map((image) => yuv420(image, width, height)));
  const parts: Uint8Array[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`)];
  for (const frame of planes) for (let i = 0; i < Math.max(1, Math.round(fps * seconds)); i++) parts.push(Buffer.from("FRAME\n"), frame);
  return Buffer.concat(parts);
}

/** One 4:2:0 frame (BT.601, full range as C420jpeg says): Y plane, then U and V at half size. */
async function yuv420(image: Buffer, W: number, H: number): Promise<Buffer> {
  const { data } = await sharp(image).resize(W, H, { fit: "cover", position: "top" }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const y = Buffer.alloc(W * H);
  const u = Buffer.alloc((W / 2) * (H / 2));
  const v = Buffer.alloc((W / 2) * (H / 2));
  for (let row = 0; row < H; row++) {
    for (let col = 0; col < W; col++) {
      const i = (row * W + col) * 3;
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      y[row * W + col] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
      if (row % 2 === 0 && col % 2 === 0) {
        const j = (row / 2) * (W / 2) + col / 2;
        u[j] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
        v[j] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
      }
    }
  }
  return Buffer.concat([y, u, v]);
}

async function main() {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: make-identity-media.ts DIR");
  await mkdir(dir, { recursive: true });
  // Person 1's own files; the selfie plays on the camera, so "another face" is on the card instead.
  const files = new Map((await sandboxIdentityFiles(1)).map((f) => [f.name, f.bytes]));
  await writeFile(path.join(dir, "ine-front.jpg"), files.get("ine-front.jpg")!);
  await writeFile(path.join(dir, "ine-back.jpg"), files.get("ine-back.jpg")!);
  await writeFile(path.join(dir, "ine-front-other-face.jpg"), await renderIneFront(SANDBOX_VOTERS[0]!, { photo: await cardPhoto(OTHER_FACE) }));
  await writeFile(path.join(dir, "selfie.y4m"), await y4m([files.get("selfie.jpg")!]));
  // The README's way without a camera: the three files sandbox:identity writes, uploaded.
  await writeFile(path.join(dir, "selfie.jpg"), files.get("selfie.jpg")!);

  // The liveness test: person 1's card with TURNING_FACE, whose selfie looks almost ahead (yaw ~0.17 rad) while its mirror
  // image looks the other way (~-0.20): a turn of ~0.37 rad, over MIN_TURN. Each is shown a second,
  // in turn, in portrait as a phone's front camera gives it: cropped to 640x480 the face fills more
  // of the frame and the models read the same selfie at ~0.42 rad, no longer ahead (the yaw of a
  // still depends on its framing). 5 frames a second keep the file at 4.6 MB.
  const ahead = await selfie(TURNING_FACE);
  await writeFile(path.join(dir, "liveness-ine-front.jpg"), await renderIneFront(SANDBOX_VOTERS[0]!, { photo: await cardPhoto(TURNING_FACE) }));
  await writeFile(path.join(dir, "liveness-ine-back.jpg"), files.get("ine-back.jpg")!);
  await writeFile(path.join(dir, "turning.y4m"), await y4m([ahead, await sharp(ahead).flop().toBuffer()], { width: 480, height: 640, fps: 5, seconds: 1 }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
