// The face part of bench/identity.ts: each SANDBOX_FACES card photo (and the same photo printed
// on a whole sandbox front) against its own selfie and every other selfie, at the threshold the
// identity checks use.
import { renderIneFront } from "@/lib/adapters/ine/sandbox-cards";
import { cardPhotoRegion } from "@/lib/adapters/ocr/ine-front-reader";
import { SANDBOX_FACES, selfie } from "@/lib/adapters/ine/sandbox-faces";
import { SANDBOX_VOTERS } from "@/lib/adapters/ine/sandbox-voters";
import { FACE_MATCH_THRESHOLD, humanFaceAnalyzer } from "@/lib/adapters/faces/face-analyzer";

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(0.95 * xs.length))] ?? NaN;
const f3 = (n: number) => n.toFixed(3);

async function embed(image: Buffer, times: number[]): Promise<number[] | null> {
  const t = performance.now();
  const reading = await humanFaceAnalyzer.read(image);
  times.push(performance.now() - t);
  return reading.face?.embedding ?? null;
}

async function separation(label: string, cards: (number[] | null)[], selfies: (number[] | null)[]) {
  const same: number[] = [];
  const other: number[] = [];
  for (const [i, card] of cards.entries()) {
    for (const [j, shot] of selfies.entries()) {
      if (!card || !shot) continue;
      (i === j ? same : other).push(await humanFaceAnalyzer.similarity(card, shot));
    }
  }
  const missing = cards.filter((c) => !c).length;
  const stats = (xs: number[]) => (xs.length ? `min ${f3(Math.min(...xs))}  mean ${f3(mean(xs))}  max ${f3(Math.max(...xs))}` : "none");
  console.log(`  ${label}${missing ? ` (no face found in ${missing} of ${cards.length})` : ""}`);
  console.log(`    same person  (${String(same.length).padStart(2)} pairs): ${stats(same)}`);
  console.log(`    other person (${String(other.length).padStart(2)} pairs): ${stats(other)}`);
  if (same.length && other.length) console.log(`    gap (min same − max other): ${f3(Math.min(...same) - Math.max(...other))}`);
  console.log(`    at ${FACE_MATCH_THRESHOLD}: ${other.filter((s) => s >= FACE_MATCH_THRESHOLD).length} false accepts of ${other.length}, ${same.filter((s) => s < FACE_MATCH_THRESHOLD).length + missing} false rejects of ${cards.length}`);
}

export async function measureFaces(photos: Buffer[]) {
  const selfies = await Promise.all(SANDBOX_FACES.map((face) => selfie(face)));
  const fronts = await Promise.all(photos.map((photo) => renderIneFront(SANDBOX_VOTERS[0]!, { photo })));
  await humanFaceAnalyzer.read(selfies[0]!); // warm-up: models load, not timed
  const areas = await Promise.all(fronts.map((front) => cardPhotoRegion(front)));
  const times = { card: [] as number[], selfie: [] as number[], front: [] as number[], area: [] as number[] };
  const selfieEmbeddings: (number[] | null)[] = [];
  const cardEmbeddings: (number[] | null)[] = [];
  const frontEmbeddings: (number[] | null)[] = [];
  const areaEmbeddings: (number[] | null)[] = [];
  for (let i = 0; i < SANDBOX_FACES.length; i++) {
    selfieEmbeddings.push(await embed(selfies[i]!, times.selfie));
    cardEmbeddings.push(await embed(photos[i]!, times.card));
    frontEmbeddings.push(await embed(fronts[i]!, times.front));
    areaEmbeddings.push(await embed(areas[i]!, times.area));
  }
  console.log(`\nfaces: ${SANDBOX_FACES.length} SANDBOX_FACES, card photo vs selfie (same photograph behind both: an upper bound)`);
  await separation("card photo (240×300, grey) vs selfie", cardEmbeddings, selfieEmbeddings);
  await separation("photo area cut from the INE front (what the checks job reads) vs selfie", areaEmbeddings, selfieEmbeddings);
  await separation("whole INE front (1012×638) vs selfie", frontEmbeddings, selfieEmbeddings);
  const row = (label: string, xs: number[]) => `${label} mean ${mean(xs).toFixed(0)} ms, p95 ${p95(xs).toFixed(0)} ms`;
  console.log(`  ms per face read: ${row("card photo", times.card)}; ${row("selfie", times.selfie)}; ${row("photo area", times.area)}; ${row("whole front", times.front)}`);
}
