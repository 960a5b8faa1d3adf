// The front reader on real INE fronts: the published specimen (and redrawings of it) in
// ../shared/realworld/ine, read where it lies (never copied into the project), each front compared
// with the manifest's by-eye transcription, per model and per field.
//
// How a transcription is compared (the manifest writes fields as printed):
// - exact strings: upper case and accents as printed (PÉREZ is not PEREZ), no accent folding;
// - the name: its three printed lines are primer_apellido, segundo_apellido and nombres, each a
//   field of its own, so a misread line costs one field and not the whole name;
// - the address: its printed lines joined with ", ", which is how the reader joins them;
// - fecha de nacimiento: DD/MM/YYYY printed, YYYY-MM-DD read;
// - año de registro: its year (the reader gives the year; the two digits after it are not read);
// - vigencia: the last year ("2019 - 2029" → 2029), the year the card expires;
// - a field the manifest gives as null (not printed) is not counted.
// Values printed off their shape are compared as printed too. The reader takes a 17-character
// clave as printed beside its label (lib/mx/ine-front), but misses by design a 16-character CURP
// (not a CURP's shape) and a CURP ending in the letter I (its last character is a digit, so I is
// read as 1); and where the OCR reads the specimen's CURP (which fails its own check digit) with
// one character off into one that passes, the passing one wins.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { tesseractIneFrontReader, type IneFrontReader } from "@/lib/adapters/ocr/ine-front-reader";
import { readIneFront } from "@/lib/adapters/ocr/read-ine-front";
import type { IneFront } from "@/lib/mx/ine-front";

type Transcription = Record<string, string | string[] | null | undefined>;
type ManifestImage = { file: string; side: string; model: string; kind: string; fields: Transcription };

export const SPECIMEN_FIELDS = ["primer_apellido", "segundo_apellido", "nombres", "fecha_nacimiento", "sexo", "domicilio", "clave_elector", "curp", "anio_registro", "estado", "municipio", "seccion", "localidad", "anio_emision", "vigencia"] as const;
type SpecimenField = (typeof SPECIMEN_FIELDS)[number];

export type SpecimenResult = { file: string; model: string; truth: Partial<Record<SpecimenField, string>>; read: IneFront; ms: number };

export const specimenDir = () => path.resolve(process.cwd(), "../shared/realworld/ine");

/** What the reader should give for each field the manifest transcribes, in the reader's terms. */
export function expectedFields(f: Transcription): Partial<Record<SpecimenField, string>> {
  const str = (v: unknown) => (typeof v === "string" ? v : undefined);
  const lines = (v: unknown) => (Array.isArray(v) ? (v as string[]) : undefined);
  const name = lines(f.nombre_lines);
  const birth = str(f.fecha_nacimiento)?.split("/");
  const out: Partial<Record<SpecimenField, string>> = {
    primer_apellido: name?.[0],
    segundo_apellido: name?.[1],
    nombres: name?.[2],
    fecha_nacimiento: birth ? `${birth[2]}-${birth[1]}-${birth[0]}` : undefined,
    sexo: str(f.sexo),
    domicilio: lines(f.domicilio_lines)?.join(", "),
    clave_elector: str(f.clave_elector),
    curp: str(f.curp),
    anio_registro: str(f.anio_registro)?.slice(0, 4),
    estado: str(f.estado),
    municipio: str(f.municipio),
    seccion: str(f.seccion),
    localidad: str(f.localidad),
    anio_emision: str(f.emision),
    vigencia: str(f.vigencia)?.match(/\d{4}/g)?.at(-1),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

export async function readSpecimenFronts(reader: IneFrontReader = tesseractIneFrontReader): Promise<SpecimenResult[]> {
  const dir = specimenDir();
  const manifest = JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8")) as { images: ManifestImage[] };
  const out: SpecimenResult[] = [];
  for (const image of manifest.images.filter((i) => i.side === "front")) {
    const bytes = await readFile(path.join(dir, image.file));
    const t = performance.now();
    const { front: read } = await readIneFront(reader, bytes);
    out.push({ file: image.file, model: image.model, truth: expectedFields(image.fields), read, ms: performance.now() - t });
  }
  return out;
}

const got = (r: SpecimenResult, field: SpecimenField) => (r.read as Record<string, unknown>)[field] ?? null;
const right = (r: SpecimenResult, field: SpecimenField) => got(r, field) === r.truth[field];

export function printSpecimenTable(results: SpecimenResult[]) {
  const models = [...new Set(results.map((r) => r.model))].sort();
  const cell = (rows: SpecimenResult[], field?: SpecimenField) => {
    const fields = field ? [field] : [...SPECIMEN_FIELDS];
    let n = 0;
    let ok = 0;
    for (const r of rows)
      for (const f of fields) {
        if (r.truth[f] === undefined) continue;
        n++;
        if (right(r, f)) ok++;
      }
    return (n ? `${ok}/${n}` : "–").padStart(7);
  };
  console.log(`\nspecimen fronts (${specimenDir()}), fields right / transcribed`);
  console.log(`  ${"field".padEnd(18)} ${models.map((m) => `model ${m}`.padStart(7)).join(" ")}     all`);
  for (const field of SPECIMEN_FIELDS) console.log(`  ${field.padEnd(18)} ${models.map((m) => cell(results.filter((r) => r.model === m), field)).join(" ")} ${cell(results, field)}`);
  const total = results.reduce((sum, r) => sum + Object.keys(r.truth).length, 0);
  const ok = results.reduce((sum, r) => sum + SPECIMEN_FIELDS.filter((f) => r.truth[f] !== undefined && right(r, f)).length, 0);
  console.log(`  ${"all fields".padEnd(18)} ${models.map((m) => cell(results.filter((r) => r.model === m))).join(" ")} ${cell(results)}  (${((100 * ok) / total).toFixed(1)}%)`);
  console.log("  per image, fields right, ms; misses as truth → read:");
  for (const r of results) {
    const misses = SPECIMEN_FIELDS.filter((f) => r.truth[f] !== undefined && !right(r, f));
    console.log(`    ${r.file} (${r.model}): ${Object.keys(r.truth).length - misses.length}/${Object.keys(r.truth).length}, ${r.ms.toFixed(0)} ms`);
    for (const f of misses) console.log(`      ${f}: ${JSON.stringify(r.truth[f])} → ${JSON.stringify(got(r, f))}`);
  }
}
