// The front reader on phone-like pictures of every front we have (bench/lib/augment-card.ts):
// INE's specimen fronts in ../shared/realworld/ine (read where they lie, never copied) and sandbox
// cards of every model (E, F, G, H), each source card under every kind of distortion.
//
// Split by source card, never by picture: the "tune" part is what the reader may be adjusted on,
// the "unseen" part is what is reported. The split is fixed by name (specimens) and by seed
// (sandbox people), so a picture of an unseen card is never looked at while tuning. The pictures
// are written to a temp folder (printed) to be looked at, never into the project.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { printedFront, renderIneFront } from "@/lib/adapters/ine/sandbox-cards";
import type { SandboxVoter } from "@/lib/adapters/ine/sandbox-voters";
import { checkFrontPicture, readProblem, type FrontPictureProblem } from "@/lib/adapters/ocr/front-picture";
import { tesseractIneFrontReader, type IneFrontReader } from "@/lib/adapters/ocr/ine-front-reader";
import { lexiconSettings } from "@/lib/adapters/ocr/name-lexicon";
import { readIneFront } from "@/lib/adapters/ocr/read-ine-front";
import { timed, withStageTimes, type StageTimes } from "@/lib/adapters/ocr/stage-times";
import type { IneFront } from "@/lib/mx/ine-front";
import { seededRandom, syntheticPerson } from "../synthetic-people";
import { augment, AUGMENTATIONS, chooseAugmentation, describeAugmentation, type Augmentation, type AugmentationKind } from "@/test/factories/card-photo";
import { expectedFields, SPECIMEN_FIELDS, specimenDir } from "./specimen-fronts";

export type Part = "tune" | "unseen";
type Field = (typeof SPECIMEN_FIELDS)[number];
type Source = { name: string; model: string; part: Part; truth: Partial<Record<Field, string>>; image: () => Promise<Buffer> };
export type AugmentedResult = { source: string; model: string; part: Part; augmentation: Augmentation; file: string; truth: Partial<Record<Field, string>>; read: IneFront; ms: number; cardWidth: number; sharpness: number; problem: FrontPictureProblem["cause"] | null; stages: StageTimes };

// Specimen fronts by part: each part has an official render and a third-party redrawing.
const UNSEEN_SPECIMENS = new Set(["zk-maria+giza-actions-ocr__ine.png", "JesusGuzman+face_detection__ine.jpg", "yanLeal01+wp-plugin-form__ine.png"]);
const SANDBOX_PER_MODEL = 4;

async function sources(seed: number, photos: Buffer[]): Promise<Source[]> {
  const dir = specimenDir();
  const manifest = JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8")) as { images: { file: string; side: string; model: string; fields: Record<string, string | string[] | null> }[] };
  const out: Source[] = manifest.images
    .filter((i) => i.side === "front")
    .map((i) => ({ name: i.file, model: i.model, part: UNSEEN_SPECIMENS.has(i.file) ? "unseen" : "tune", truth: expectedFields(i.fields), image: () => readFile(path.join(dir, i.file)) }));
  // Sandbox people of every model; the first half of each model's people tune, the rest unseen.
  const random = seededRandom(seed);
  const byModel = new Map<string, SandboxVoter[]>();
  while ([..."EFGH"].some((m) => (byModel.get(m)?.length ?? 0) < SANDBOX_PER_MODEL)) {
    const person = syntheticPerson(random);
    const list = byModel.get(person.modelo) ?? [];
    if (list.length < SANDBOX_PER_MODEL) byModel.set(person.modelo, [...list, person]);
  }
  for (const [model, people] of [...byModel].sort()) {
    for (const [i, person] of people.entries()) {
      const printed = printedFront(person) as Record<string, string | null>;
      const truth = Object.fromEntries(SPECIMEN_FIELDS.filter((f) => printed[f] !== null).map((f) => [f, printed[f]!]));
      const photo = photos[(i + model.charCodeAt(0)) % photos.length];
      out.push({ name: `sandbox ${model}${i + 1} ${person.curp}`, model, part: i < SANDBOX_PER_MODEL / 2 ? "tune" : "unseen", truth, image: () => renderIneFront(person, { photo }) });
    }
  }
  return out;
}

/** Every source of `parts` under every kind, read as identity sessions read a front. */
export async function readAugmentedFronts(seed: number, parts: Part[], photos: Buffer[], kinds: readonly AugmentationKind[] = AUGMENTATIONS, reader: IneFrontReader = tesseractIneFrontReader): Promise<{ dir: string; results: AugmentedResult[] }> {
  const dir = path.join(os.tmpdir(), `rubrica-ine-augmented-${seed}`);
  await mkdir(dir, { recursive: true });
  const results: AugmentedResult[] = [];
  const all = await sources(seed, photos);
  const started = performance.now();
  for (const [n, source] of all.entries()) {
    // One stream per source card: the pictures of a card do not change when others are added.
    const random = seededRandom(seed + 7919 * (n + 1));
    const card = await source.image();
    for (const kind of AUGMENTATIONS) {
      const augmentation = chooseAugmentation(kind, random);
      const picture = await augment(card, augmentation, random);
      if (!parts.includes(source.part) || !kinds.includes(kind)) continue;
      const file = path.join(dir, `${source.part}-${n}-${kind}.jpg`);
      await writeFile(file, picture);
      // Read whatever the picture check says (its verdict is recorded), to measure where it is right.
      lexiconFor(source, file);
      const t = performance.now();
      const { value, stages } = await withStageTimes(async () => {
        const { found, problem } = await timed("picture check", () => checkFrontPicture(picture));
        return { found, problem, ...(await readIneFront(reader, picture, found)) };
      });
      const ms = performance.now() - t;
      // A card under MIN_CARD_WIDTH is judged on its read (front-picture readProblem),
      // as the capture and the full INE validation do.
      const { found, front } = value;
      const problem = value.problem ?? readProblem(found, value);
      results.push({ source: source.name, model: source.model, part: source.part, augmentation, file, truth: source.truth, read: front, ms, cardWidth: found.sourceWidth, sharpness: found.sharpness, problem: problem?.cause ?? null, stages });
    }
    process.stderr.write(`  ${n + 1}/${all.length} source cards (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
  }
  return { dir, results };
}

/**
 * The names' lexicon (lib/adapters/ocr/name-lexicon) as the environment asks: RUBRICA_LEXICON=0
 * off; RUBRICA_LEXICON_LEAVE_OUT=1 without the picture's own names (the harm on names the lexicon
 * lacks); RUBRICA_LEXICON_LOG=1 every lexicon reading's cost on stderr (how NAME_MARGIN was set).
 */
function lexiconFor(source: Source, file: string) {
  lexiconSettings.enabled = process.env.RUBRICA_LEXICON !== "0";
  lexiconSettings.leftOut = process.env.RUBRICA_LEXICON_LEAVE_OUT === "1" ? [source.truth.nombres, source.truth.primer_apellido, source.truth.segundo_apellido].filter((n): n is string => !!n) : [];
  if (process.env.RUBRICA_LEXICON_LOG === "1") {
    lexiconSettings.log = (e) => {
      const truth = source.truth[e.field as Field];
      process.stderr.write(`lexicon\t${path.basename(file)}\t${e.field}\t${e.read}\t${e.reading}\t${e.cost.toFixed(2)}\t${e.taken ? "taken" : "refused"}\t${e.plausible ? "plausible" : "implausible"}\t${e.agrees ? "agrees" : "disagrees"}\t${truth}\t${e.reading === truth ? "right" : "wrong"}\t${e.corroborated ? "corroborated" : "-"}\n`);
    };
  }
}

const got = (r: AugmentedResult, f: Field) => (r.read as Record<string, unknown>)[f] ?? null;
// `refusedMiss`: a picture front-picture.ts refuses gets none of its fields (the person is asked
// for another photo), which is how the issue's target counts them; otherwise what was read anyway.
const tally = (rows: AugmentedResult[], fields: readonly Field[] = SPECIMEN_FIELDS, refusedMiss = false) => {
  let [n, ok] = [0, 0];
  for (const r of rows)
    for (const f of fields) {
      if (r.truth[f] === undefined) continue;
      n++;
      if (got(r, f) === r.truth[f] && !(refusedMiss && r.problem)) ok++;
    }
  return { n, ok };
};
const cell = (rows: AugmentedResult[], fields?: readonly Field[], refusedMiss = false) => {
  const { n, ok } = tally(rows, fields, refusedMiss);
  return (n ? `${((100 * ok) / n).toFixed(0)}% ${ok}/${n}` : "–").padStart(13);
};
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN;

export function printAugmentedTables(dir: string, results: AugmentedResult[]) {
  for (const part of ["unseen", "tune"] as const) {
    const rows = results.filter((r) => r.part === part);
    if (!rows.length) continue;
    const specimen = rows.filter((r) => !r.source.startsWith("sandbox"));
    const sandbox = rows.filter((r) => r.source.startsWith("sandbox"));
    console.log(`\naugmented fronts, ${part.toUpperCase()} part (${new Set(rows.map((r) => r.source)).size} source cards, ${rows.length} pictures in ${dir}): fields right`);
    console.log(`  ${"field".padEnd(18)} ${"specimens".padStart(13)} ${"sandbox".padStart(13)} ${"all".padStart(13)}`);
    for (const f of SPECIMEN_FIELDS) console.log(`  ${f.padEnd(18)} ${cell(specimen, [f])} ${cell(sandbox, [f])} ${cell(rows, [f])}`);
    console.log(`  ${"all fields".padEnd(18)} ${cell(specimen)} ${cell(sandbox)} ${cell(rows)}`);
    console.log(`  ${"refused = missed".padEnd(18)} ${cell(specimen, undefined, true)} ${cell(sandbox, undefined, true)} ${cell(rows, undefined, true)}`);
    console.log(`  ${"by distortion".padEnd(18)} ${"specimens".padStart(13)} ${"sandbox".padStart(13)} ${"all".padStart(13)} ${"refused=missed".padStart(14)}   ms p50 / p95`);
    for (const kind of AUGMENTATIONS.filter((k) => rows.some((r) => r.augmentation.kind === k))) {
      const of = (xs: AugmentedResult[]) => xs.filter((r) => r.augmentation.kind === kind);
      const times = of(rows).map((r) => r.ms);
      console.log(`  ${kind.padEnd(18)} ${cell(of(specimen))} ${cell(of(sandbox))} ${cell(of(rows))} ${cell(of(rows), undefined, true).padStart(14)}   ${percentile(times, 0.5).toFixed(0).padStart(5)} / ${percentile(times, 0.95).toFixed(0)}`);
    }
    console.log(`  ${"by card width px".padEnd(18)} ${"".padStart(13)} ${"".padStart(13)} ${"all".padStart(13)} ${"refused=missed".padStart(14)}`);
    for (const [lo, hi] of [[0, 240], [240, 300], [300, 400], [400, 500], [500, 800], [800, 1e9]] as const) {
      const band = rows.filter((r) => r.cardWidth >= lo && r.cardWidth < hi);
      console.log(`  ${`${lo}–${hi < 1e9 ? hi : ""}`.padEnd(18)} ${"".padStart(27)} ${cell(band)} ${cell(band, undefined, true).padStart(14)}`);
    }
    console.log(`  ${"by sharpness".padEnd(18)} ${"".padStart(27)} ${"all".padStart(13)}`);
    for (const [lo, hi] of [[0, 30], [30, 60], [60, 100], [100, 200], [200, 500], [500, 1e9]] as const) {
      console.log(`  ${`${lo}–${hi < 1e9 ? hi : ""}`.padEnd(18)} ${"".padStart(27)} ${cell(rows.filter((r) => r.sharpness >= lo && r.sharpness < hi))}`);
    }
    const refused = rows.filter((r) => r.problem);
    console.log(`  asked for a better photo (front-picture.ts): ${refused.length} of ${rows.length} (${[...new Set(refused.map((r) => r.problem))].map((c) => `${c} ${refused.filter((r) => r.problem === c).length}`).join(", ") || "none"}); fields right on the pictures taken: ${cell(rows.filter((r) => !r.problem)).trim()}`);
    const times = rows.map((r) => r.ms);
    const taken = rows.filter((r) => !r.problem).map((r) => r.ms);
    console.log(`  time per front: p50 ${percentile(times, 0.5).toFixed(0)} ms, p95 ${percentile(times, 0.95).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms; on the pictures taken (the others are refused before reading): p50 ${percentile(taken, 0.5).toFixed(0)} ms, p95 ${percentile(taken, 0.95).toFixed(0)} ms`);
  }
}

/** The worst pictures of a part, with what was missed: for tuning (run it on the tune part). */
export function printAugmentedMisses(results: AugmentedResult[], part: Part, limit = 12) {
  const rows = results.filter((r) => r.part === part).map((r) => ({ r, ...tally([r]) }));
  console.log(`\n${part} part, worst ${limit} pictures: fields right; misses truth → read`);
  for (const { r, n, ok } of rows.sort((a, b) => a.ok / a.n - b.ok / b.n).slice(0, limit)) {
    console.log(`  ${path.basename(r.file)} ${r.source} [${describeAugmentation(r.augmentation)}]: ${ok}/${n}, ${r.ms.toFixed(0)} ms; card ${r.cardWidth} px, sharpness ${r.sharpness.toFixed(0)}${r.problem ? `, refused: ${r.problem}` : ""}`);
    const misses = SPECIMEN_FIELDS.filter((f) => r.truth[f] !== undefined && got(r, f) !== r.truth[f]);
    console.log(`    ${misses.map((f) => `${f}: ${JSON.stringify(r.truth[f])} → ${JSON.stringify(got(r, f))}`).join("; ")}`);
  }
}

/**
 * Where the time of a part's pictures taken goes, stage by stage (lib/adapters/ocr/stage-times;
 * "other" is what no stage covers: decoding, sharp's metadata, parsing), and the `limit` slowest
 * pictures stage by stage: to see what makes the p95.
 */
export function printStageTimes(results: AugmentedResult[], part: Part, limit: number) {
  const rows = results.filter((r) => r.part === part && !r.problem);
  if (!rows.length) return;
  const line = (stages: StageTimes, ms: number) => {
    const covered = [...stages.values()].reduce((a, s) => a + s.ms, 0);
    return [...[...stages].sort((a, b) => b[1].ms - a[1].ms).map(([k, s]) => `${k} ${s.ms.toFixed(0)}${s.calls > 1 ? `×${s.calls}` : ""}`), `other ${(ms - covered).toFixed(0)}${ms < covered ? " (stages ran side by side)" : ""}`].join(", ");
  };
  const total: StageTimes = new Map();
  for (const r of rows) for (const [k, s] of r.stages) total.set(k, { ms: (total.get(k)?.ms ?? 0) + s.ms, calls: (total.get(k)?.calls ?? 0) + s.calls });
  const sum = rows.reduce((a, r) => a + r.ms, 0);
  console.log(`
${part} part, ${rows.length} pictures taken, ${(sum / 1000).toFixed(1)} s in all; ms by stage (×calls): ${line(total, sum)}`);
  console.log(`slowest ${limit}:`);
  for (const r of [...rows].sort((a, b) => b.ms - a.ms).slice(0, limit)) {
    const { n, ok } = tally([r]);
    console.log(`  ${path.basename(r.file)} ${r.source} [${describeAugmentation(r.augmentation)}] ${r.ms.toFixed(0)} ms, ${ok}/${n}, card ${r.cardWidth} px: ${line(r.stages, r.ms)}`);
  }
}

export type { AugmentationKind };
