/**
 * The fields of an INE front (models E–H) from OCR words with their boxes. Each field is printed
 * under its label, so the parser finds the labels and takes the text below each one, in the
 * label's column, down to the next label. Values are then checked against their shape (CURP,
 * clave de elector, dates, years), repairing the letter/digit confusions OCR makes where the
 * shape says which one it must be (O/0, I/1, S/5, B/8, Z/2, G/6).
 */
import { checkCurp } from "./curp";

export type OcrWord = { text: string; x0: number; y0: number; x1: number; y1: number };

export type IneFront = {
  nombres: string | null;
  primer_apellido: string | null;
  segundo_apellido: string | null;
  nombre_completo: string | null;
  curp: string | null;
  clave_elector: string | null;
  /** YYYY-MM-DD. */
  fecha_nacimiento: string | null;
  sexo: "H" | "M" | null;
  seccion: string | null;
  /** The year the card expires. */
  vigencia: string | null;
  domicilio: string | null;
  anio_registro: string | null;
  anio_emision: string | null;
  num_emisiones: string | null;
};

const LABELS = {
  nombre: "NOMBRE",
  sexo: "SEXO",
  domicilio: "DOMICILIO",
  clave: "CLAVE DE ELECTOR",
  emision: "EMISION",
  curp: "CURP",
  registro: "ANO DE REGISTRO",
  nacimiento: "FECHA DE NACIMIENTO",
  seccion: "SECCION",
  vigencia: "VIGENCIA",
} as const;
type LabelKey = keyof typeof LABELS;

type Chunk = { text: string; x0: number; y0: number; x1: number; y1: number };

/** Upper case without accents, for comparing labels (the values keep theirs). */
export function plain(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    // White space is made one space before anything else is dropped: dropped first, a tab or line
    // break between two words would join them ("CLAVE\tDE" → "CLAVEDE").
    .replace(/\s+/g, " ")
    .replace(/[^A-Z0-9/ -]/g, "")
    .trim();
}

/** Words on one line, split where the gap is wider than two letters: the card's columns. */
function chunks(words: OcrWord[]): Chunk[] {
  const sorted = words.filter((w) => w.text.trim()).sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  const lines: OcrWord[][] = [];
  for (const word of sorted) {
    const mid = (word.y0 + word.y1) / 2;
    const line = lines.find((l) => mid > l[0]!.y0 && mid < l[0]!.y1);
    if (line) line.push(word);
    else lines.push([word]);
  }
  const out: Chunk[] = [];
  for (const line of lines) {
    line.sort((a, b) => a.x0 - b.x0);
    let current: Chunk | null = null;
    for (const w of line) {
      const height = w.y1 - w.y0;
      if (current && w.x0 - current.x1 <= Math.max(2 * height, 24)) {
        current = { text: `${current.text} ${w.text.trim()}`, x0: current.x0, y0: Math.min(current.y0, w.y0), x1: w.x1, y1: Math.max(current.y1, w.y1) };
        out[out.length - 1] = current;
      } else {
        current = { text: w.text.trim(), x0: w.x0, y0: w.y0, x1: w.x1, y1: w.y1 };
        out.push(current);
      }
    }
  }
  return out;
}

/** A chunk that starts with a label is split into the label and what follows it on the line. */
function findLabels(all: Chunk[]): Map<LabelKey, Chunk> {
  const found = new Map<LabelKey, Chunk>();
  for (const chunk of all) {
    const text = plain(chunk.text);
    for (const [key, label] of Object.entries(LABELS) as [LabelKey, string][]) {
      if (!found.has(key) && (text === label || text.startsWith(`${label} `))) found.set(key, chunk);
    }
  }
  return found;
}

function below(all: Chunk[], labels: Map<LabelKey, Chunk>, key: LabelKey, lines: number): string[] {
  const label = labels.get(key);
  if (!label) return [];
  const height = label.y1 - label.y0;
  const others = [...labels.values()].filter((l) => l !== label && l.y0 > label.y0 + height / 2 && overlaps(l, label));
  const stop = Math.min(...others.map((l) => l.y0), Infinity);
  const candidates = all
    .filter((c) => !labelChunk(c, labels) && c.y0 > label.y0 + height / 2 && c.y0 < stop && Math.abs(c.x0 - label.x0) <= Math.max(3 * height, 30))
    .sort((a, b) => a.y0 - b.y0);
  // The lines of one value follow each other. A gap taller than a line means a label's line was
  // there, one the OCR missed: without this, a missed CLAVE DE ELECTOR label made the clave the
  // last line of the address.
  const out: Chunk[] = [];
  for (const c of candidates) {
    const prev = out.at(-1);
    if (out.length === lines || (prev && c.y0 - prev.y1 > prev.y1 - prev.y0)) break;
    out.push(c);
  }
  return out.map((c) => c.text.trim());
}

const labelChunk = (c: Chunk, labels: Map<LabelKey, Chunk>) => [...labels.values()].includes(c);
const overlaps = (a: Chunk, b: Chunk) => a.x0 < b.x1 + 20 && b.x0 < a.x1 + 20;

// Where a shape needs a digit or a letter, the usual OCR confusions are undone.
const TO_DIGIT: Record<string, string> = { O: "0", Q: "0", D: "0", I: "1", L: "1", Z: "2", S: "5", B: "8", G: "6", T: "7" };
const TO_LETTER: Record<string, string> = { "0": "O", "1": "I", "2": "Z", "5": "S", "8": "B", "6": "G", "7": "T" };

/** Repairs text against a pattern of L (letter), D (digit), S (H or M) and A (either). */
export function repair(text: string, pattern: string): string | null {
  const compact = text.toUpperCase().replace(/[^A-Z0-9]/g, "");
  if (compact.length !== pattern.length) return null;
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = compact[i]!;
    const want = pattern[i]!;
    const fixed = want === "D" ? (/\d/.test(c) ? c : TO_DIGIT[c]) : want === "L" || want === "S" ? (/[A-Z]/.test(c) ? c : TO_LETTER[c]) : c;
    if (!fixed || (want === "S" && fixed !== "H" && fixed !== "M")) return null;
    out += fixed;
  }
  return out;
}

const CURP_PATTERN = "LLLLDDDDDDSLLLLLAD";
const CLAVE_PATTERN = "LLLLLLDDDDDDDDSDDD";

/** The longest run of a line that fits the pattern's length, repaired (OCR may add noise around). */
function findShaped(values: string[], pattern: string, plausible: (value: string) => boolean = () => true): string | null {
  // Every run of the right shape, in reading order; OCR noise (a stray letter before the value)
  // makes the first one wrong, so the first that is plausible wins (bench/identity.ts).
  const runs: string[] = [];
  for (const value of values) {
    const compact = value.toUpperCase().replace(/[^A-Z0-9]/g, "");
    for (let start = 0; start + pattern.length <= compact.length; start++) {
      const fixed = repair(compact.slice(start, start + pattern.length), pattern);
      if (fixed) runs.push(fixed);
    }
  }
  return runs.find(plausible) ?? runs[0] ?? null;
}

const validCurp = (c: string) => checkCurp(c).valid;

// Characters OCR mistakes for one another in the card's sans-serif type.
const LOOK_ALIKE: Record<string, string> = {
  "0": "86OD",
  "1": "7I",
  "2": "7Z",
  "3": "859",
  "5": "6836",
  "6": "580",
  "7": "12",
  "8": "35690B",
  "9": "830",
  O: "0DQ",
  D: "0O",
  B: "8E",
  E: "BF",
  F: "E",
  I: "1L",
  L: "I",
};

/**
 * A CURP whose check digit does not match was misread somewhere. If exactly one change of one
 * character into a look-alike (that keeps the CURP's shape) makes it valid, that is what the card
 * says; otherwise it stays as read and fails validation. RENAPO's answer and the cross-checks
 * still have to agree with whatever this returns.
 */
function checkDigitRepaired(curp: string | null): string | null {
  if (!curp || checkCurp(curp).valid) return curp;
  const found = new Set<string>();
  for (let i = 0; i < curp.length; i++) {
    for (const alt of LOOK_ALIKE[curp[i]!] ?? "") {
      const candidate = curp.slice(0, i) + alt + curp.slice(i + 1);
      if (repair(candidate, CURP_PATTERN) === candidate && checkCurp(candidate).valid) found.add(candidate);
    }
  }
  return found.size === 1 ? [...found][0]! : curp;
}

function year(values: string[], index = 0): string | null {
  const years = values.join(" ").replace(/[OQD]/g, "0").match(/\b(19|20)\d{2}\b/g);
  return years?.[index] ?? null;
}

function birthDate(values: string[]): string | null {
  const m = /(\d{2})\s*\/\s*(\d{2})\s*\/\s*(\d{4})/.exec(values.join(" ").replace(/[OQ]/g, "0"));
  if (!m) return null;
  const [, d, mo, y] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (date.getUTCDate() !== Number(d) || date.getUTCMonth() !== Number(mo) - 1) return null;
  return `${y}-${mo}-${d}`;
}

const nameLine = (value: string | undefined) =>
  value
    ? value
        .toUpperCase()
        .replace(/[^A-ZÁÉÍÓÚÜÑ ]/g, "")
        .replace(/\s+/g, " ")
        .trim() || null
    : null;

export function parseIneFront(words: OcrWord[]): IneFront {
  const all = chunks(words);
  const labels = findLabels(all);
  // A label's own line may carry a value to its right (SEXO H on the line of NOMBRE when the
  // columns were read as one chunk): what follows the label on its chunk counts as below it.
  const after = (key: LabelKey) => {
    const chunk = labels.get(key);
    if (!chunk) return [];
    const rest = chunk.text.trim().split(/\s+/).slice(LABELS[key].split(" ").length).join(" ");
    return rest ? [rest] : [];
  };
  const take = (key: LabelKey, lines = 1) => [...after(key), ...below(all, labels, key, lines)];

  const [primer, segundo, nombres] = below(all, labels, "nombre", 3).map(nameLine);
  const sexo = take("sexo", 2)
    .map((v) => plain(v))
    .find((v) => v === "H" || v === "M") as "H" | "M" | undefined;
  // EMISIÓN: the year this card was issued and, after it, how many cards were issued before. The
  // OCR may run the two into one word (2021 01 read as 202101), so the space is optional.
  const emision = /\b((?:19|20)\d{2})(?:\s*(\d{2}))?\b/.exec(take("emision").join(" ").replace(/[OQ]/g, "0"));
  // Models E and F print the emission number after the año de registro instead ("AÑO DE REGISTRO
  // 2008 02" and "EMISIÓN 2014" on INE's specimen, whose MRZ carries the same 02; lib/mx/ine-mrz).
  const registroCount = /\b(?:19|20)\d{2}\s*(\d{2})\b/.exec(take("registro").join(" ").replace(/[OQ]/g, "0"));
  const seccion = take("seccion")
    .join(" ")
    .replace(/[OQD]/g, "0")
    .match(/\b\d{3,4}\b/);
  const vigencia = take("vigencia").join(" ").replace(/[OQ]/g, "0").match(/\b(?:19|20)\d{2}\b/g);
  const domicilio = below(all, labels, "domicilio", 3);
  const fechaNacimiento = birthDate(take("nacimiento"));
  // Position 17 of a CURP is a digit for people born before 2000 and a letter from 2000 on
  // (lib/mx/curp), so its shape alone cannot tell O from 0 there, and the OCR reads the 0 of a
  // 1985 CURP as O. The birth date on the card can tell; without one (or if that shape finds
  // nothing) the character is kept as read.
  const curpPattern = fechaNacimiento ? `${CURP_PATTERN.slice(0, 16)}${fechaNacimiento < "2000" ? "D" : "L"}D` : CURP_PATTERN;

  return {
    nombres: nombres ?? null,
    primer_apellido: primer ?? null,
    segundo_apellido: segundo ?? null,
    nombre_completo: [nombres, primer, segundo].every(Boolean) ? `${nombres} ${primer} ${segundo}` : null,
    curp: checkDigitRepaired(findShaped(take("curp"), curpPattern, validCurp) ?? findShaped(take("curp"), CURP_PATTERN, validCurp)),
    // The clave carries the birth date (YYMMDD) at positions 7–12.
    clave_elector: findShaped(take("clave"), CLAVE_PATTERN, (c) => !fechaNacimiento || c.slice(6, 12) === fechaNacimiento.slice(2).replace(/-/g, "")),
    fecha_nacimiento: fechaNacimiento,
    sexo: sexo ?? null,
    seccion: seccion ? seccion[0].padStart(4, "0") : null,
    vigencia: vigencia?.at(-1) ?? null,
    domicilio: domicilio.length ? domicilio.join(", ").replace(/\s+/g, " ") : null,
    anio_registro: year(take("registro")),
    anio_emision: emision?.[1] ?? null,
    num_emisiones: emision?.[2] ?? registroCount?.[1] ?? null,
  };
}
