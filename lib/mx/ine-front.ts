/**
 * The fields of an INE front (models C–H) from OCR words with their boxes. Each field is printed
 * beside its label (2014 fronts: CLAVE DE ELECTOR GMVL…) or under it (2019 fronts, the sandbox
 * card), so the parser finds the labels (lib/mx/ine-front-labels) and takes the text after each
 * one on its line, else below it in the label's column, down to the next label. Values are then checked against their shape (CURP,
 * clave de elector, dates, years), repairing the letter/digit confusions OCR makes where the
 * shape says which one it must be (O/0, I/1, S/5, B/8, Z/2, G/6).
 */
import { birthYymmdd } from "./clave-elector";
import { checkCurp } from "./curp";
import { curpFitsCard } from "./curp-card-agreement";
import { chunks, findLabels, plain, type Chunk, type LabelKey, type OcrWord } from "./ine-front-labels";

export { plain, type OcrWord };

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
  /** Printed on models C–F only (ESTADO 09, MUNICIPIO 004, LOCALIDAD 0001); null on 2019 fronts. */
  estado: string | null;
  municipio: string | null;
  localidad: string | null;
};

function below(all: Chunk[], labels: Map<LabelKey, Chunk>, key: LabelKey, lines: number, keep: (text: string) => boolean = () => true): string[] {
  const label = labels.get(key);
  if (!label) return [];
  const height = label.y1 - label.y0;
  const others = [...labels.values()].filter((l) => l !== label && l.y0 > label.y0 + height / 2 && overlaps(l, label));
  const stop = Math.min(...others.map((l) => l.y0), Infinity);
  const candidates = all
    .filter((c) => !labelChunk(c, labels) && keep(c.text) && c.y0 > label.y0 + height / 2 && c.y0 < stop && Math.abs(c.x0 - label.x0) <= Math.max(3 * height, 30))
    // Two columns' values side by side (SECCIÓN 0001 beside VIGENCIA 2019 - 2029): the one
    // nearer the label's left edge is its own.
    .sort((a, b) => a.y0 - b.y0 || Math.abs(a.x0 - label.x0) - Math.abs(b.x0 - label.x0));
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

export const CURP_PATTERN = "LLLLDDDDDDSLLLLLAD";
export const CLAVE_PATTERN = "LLLLLLDDDDDDDDSDDD";
export const SHORT_CLAVE_PATTERN = "LLLLLLDDDDDDDSDDD";
/**
 * A CURP one or two letters short in its middle (the entidad's two letters and the three inner
 * consonants): INE's 2019 specimen prints GOVM800705MCLR01, 16 characters. Its four name letters,
 * date and sex open it and its differentiator and check digit close it, as in any CURP.
 */
export const SHORT_CURP_PATTERNS = ["LLLLDDDDDDSLLLLAD", "LLLLDDDDDDSLLLAD"] as const;

/** A run of the right shape: `whole` when it is a whole word as read, not cut out of a longer one. */
type Run = { value: string; whole: boolean };

/** The longest run of a line that fits the pattern's length, repaired (OCR may add noise around). */
function findRun(values: string[], pattern: string | ((run: string) => string), plausible: (value: string) => boolean = () => true, onlyPlausible = false): Run | null {
  // Every run of the right shape, in reading order; OCR noise (a stray letter before the value)
  // makes the first one wrong, so the first that is plausible wins (bench/identity.ts).
  const runs: Run[] = [];
  const shapeOf = typeof pattern === "string" ? () => pattern : pattern;
  const length = shapeOf("").length;
  for (const value of values) {
    const words = new Set(value.toUpperCase().split(/\s+/).map((w) => w.replace(/[^A-Z0-9]/g, "")));
    const compact = value.toUpperCase().replace(/[^A-Z0-9]/g, "");
    for (let start = 0; start + length <= compact.length; start++) {
      const run = compact.slice(start, start + length);
      const fixed = repair(run, shapeOf(run));
      if (fixed) runs.push({ value: fixed, whole: words.has(run) });
    }
  }
  const plausibleRuns = runs.filter((r) => plausible(r.value));
  // A whole word of the right length is the value; a run cut from a longer word ("…MLROT1", a
  // letter the OCR added) is one guess among the ways to cut it.
  return plausibleRuns.find((r) => r.whole) ?? plausibleRuns[0] ?? (onlyPlausible ? null : (runs.find((r) => r.whole) ?? runs[0] ?? null));
}

const findShaped = (...args: Parameters<typeof findRun>) => findRun(...args)?.value ?? null;

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

export function year(values: string[], index = 0): string | null {
  // Real cards print a count after the year of registration (2008 02), which OCR may run into it.
  const years = [...values.join(" ").replace(/[OQD]/g, "0").matchAll(/(?<!\d)((?:19|20)\d{2})(?:\d{2})?(?!\d)/g)].map((m) => m[1]);
  return years?.[index] ?? null;
}

/**
 * AÑO DE REGISTRO's year: year()'s, else the year and its two-digit count that end the text. In
 * small type the label's last letters run into the year and read as digits ("AOERIGTRO200602",
 * "O200803": REGISTRO's O as 0), which year() refuses for a number that does not start with the
 * year. Its line ends with the year and the count, and nothing else ends in six digits there (the
 * CURP before it ends in one or two).
 */
export function registroYear(values: string[]): string | null {
  return year(values) ?? values.map((v) => /((?:19|20)\d{2}) ?\d{2}$/.exec(plain(v).replace(/[OQD]/g, "0").trim())?.[1]).find(Boolean) ?? null;
}

/**
 * The vigencia by its grammar, for a card whose VIGENCIA label is unread (a small or far photo,
 * where the labels' type is a few pixels high but the values' is not): a credential is valid ten
 * years from its issue, so the 2019 front prints "2022 - 2032" and the 2014 front's row ends
 * "EMISIÓN 2014 VIGENCIA 2024" (read glued as "2014A2024"). Two years exactly ten apart with at
 * most a few non-digits between are the issue and the vigencia; any other pair is not taken.
 */
function validity(values: string[]): string | null {
  // A lookahead, so that a year is tried as the issue after it was tried as a vigencia ("2008 2014 2024").
  for (const m of values.join(" ").replace(/[OQ]/g, "0").matchAll(/(?<!\d)((?:19|20)\d{2})(?=\D{0,3}((?:19|20)\d{2})(?!\d))/g)) {
    if (Number(m[2]) - Number(m[1]) === 10) return m[2]!;
  }
  return null;
}

/**
 * The vigencia under its label: the last year there. On a 2019 front that year may open the range
 * «2022 - 2032» whose end small type lost or garbled («2022 - 20372», «2025 - X65»: tune part,
 * seed 37): a year followed by a dash and something other than a year is the emisión, and the
 * vigencia is ten years on (INE: "una vigencia de 10 años, contados a partir del año de su
 * Emisión"). A bare dash after the year (a border, a 2014 front) changes nothing.
 */
export function rangeEnd(text: string, thisYear = new Date().getFullYear()): string | null {
  const last = [...text.matchAll(/\b(?:19|20)\d{2}\b/g)].at(-1);
  if (!last) return null;
  const after = text.slice(last.index + 4);
  // The end is there but garbled: a dash with something after it (a bare dash may be a border).
  if (/^\s*[-–—]\s*(?!(?:19|20)\d{2}\b)[0-9A-Z]/.test(after)) return String(Number(last[0]) + 10);
  // A range read whole whose end no credential can have yet (more than ten years from now: «2025 -
  // 2095», tune part, seed 37) had its end misread, not its start: the vigencia is ten years on.
  // An end that is possible stays as read, even not ten years on: which year was misread is not known.
  const start = /((?:19|20)\d{2})\s*[-–—]\s*$/.exec(text.slice(0, last.index))?.[1];
  const end = Number(last[0]);
  return start && end > thisYear + 10 && Number(start) + 10 <= thisYear + 10 ? String(Number(start) + 10) : last[0];
}

/**
 * A birth date whose slashes the OCR lost or misread ("080772004", "08/0712004": small type
 * reads a slash as 1 or 7 or not at all), taken only where a word of the CURP's or the clave's
 * shape on the same card carries the same date (YYMMDD, at 5–10 of a CURP and 7–12 of a clave),
 * misread or not elsewhere: two readings of one date, in two places, agreeing. `vouchers` are
 * the texts the CURP and clave are looked for in (the whole card unless the caller read them).
 */
export function vouchedBirthDate(values: string[], vouchers: string[] = values): string | null {
  const words = (texts: string[]) => texts.flatMap((v) => v.toUpperCase().split(/\s+/));
  const dates = new Set(words(vouchers).flatMap((w) => [repair(w, CURP_PATTERN)?.slice(4, 10), repair(w, CLAVE_PATTERN)?.slice(6, 12)]).filter(Boolean));
  if (!dates.size) return null;
  for (const word of words(values).map((w) => w.replace(/[OQ]/g, "0"))) {
    // Each way of reading zero or one character as each slash ("080772004": 08, 07 and 7, 2004).
    for (const [s1, s2] of [[0, 0], [0, 1], [1, 0], [1, 1]] as const) {
      if (word.length !== 8 + s1 + s2) continue;
      const [d, mo, y] = [word.slice(0, 2), word.slice(2 + s1, 4 + s1), word.slice(4 + s1 + s2)];
      if (/^\d{2}$/.test(d) && /^\d{2}$/.test(mo) && /^(?:19|20)\d{2}$/.test(y) && dates.has(`${y.slice(2)}${mo}${d}`) && birthDate([`${d}/${mo}/${y}`])) return `${y}-${mo}-${d}`;
    }
  }
  return null;
}

export function birthDate(values: string[]): string | null {
  const m = /(\d{2})\s*\/\s*(\d{2})\s*\/\s*(\d{4})/.exec(values.join(" ").replace(/[OQ]/g, "0"));
  if (!m) return null;
  const [, d, mo, y] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (date.getUTCDate() !== Number(d) || date.getUTCMonth() !== Number(mo) - 1) return null;
  return `${y}-${mo}-${d}`;
}

export const nameLine = (value: string | undefined) =>
  value
    ? value
        .toUpperCase()
        .replace(/[^A-ZÁÉÍÓÚÜÑ ]/g, "")
        .replace(/\s+/g, " ")
        .trim()
        // Y joins two surnames (PEREZ Y GOMEZ) but never opens a line: there it is a mark of the
        // guilloche read as a letter (tune part, seed 11: "Y ZUÑIGA").
        .replace(/^(Y )+/, "") || null
    : null;

/**
 * The chunk to the right of a label on its line, up to the next label: where 2014 fronts print
 * ESTADO, MUNICIPIO, SECCIÓN… values, too far from the label to share its chunk.
 */
function beside(all: Chunk[], labels: Map<LabelKey, Chunk>, key: LabelKey): string[] {
  const label = labels.get(key);
  if (!label) return [];
  const mid = (label.y0 + label.y1) / 2;
  const sameLine = all.filter((c) => c !== label && c.x0 >= label.x1 && mid > c.y0 && mid < c.y1).sort((a, b) => a.x0 - b.x0);
  const next = sameLine[0];
  return next && !labelChunk(next, labels) && next.x0 - label.x1 < 6 * (label.y1 - label.y0) ? [next.text] : [];
}

/**
 * The name without its label (garbled, or drawn over on redrawn samples): the lines right above
 * DOMICILIO in its column, which on every front are the name's. The header's lines are never a
 * name: where glare washed the name out with its label, the lines above DOMICILIO were the
 * header's, and INSTITUTO NACIONAL ELECTORAL / CREDENCIAL were read as the surnames (tune part,
 * a 2019 front on cloth with glare).
 */
function above(all: Chunk[], labels: Map<LabelKey, Chunk>, key: LabelKey, lines: number): string[] {
  const label = labels.get(key);
  if (!label) return [];
  const height = label.y1 - label.y0;
  const column = all.filter((c) => !c.label && c.y1 < label.y0 + height / 2 && Math.abs(c.x0 - label.x0) <= Math.max(3 * height, 30) && nameLine(c.text) && !headerLine(c.text)).sort((a, b) => a.y0 - b.y0);
  return column.slice(-lines).map((c) => c.text);
}

// The words of the header every front prints above the photo and the name (models E–H).
const HEADER_WORDS = new Set(["MEXICO", "INSTITUTO", "NACIONAL", "ELECTORAL", "CREDENCIAL", "PARA", "VOTAR"]);
const headerLine = (text: string) => plain(text).split(/[^A-Z]+/).filter(Boolean).every((w) => HEADER_WORDS.has(w));

/** The chunk just left of a label on its line, its last word: a value whose own label was not read. */
function leftOf(all: Chunk[], labels: Map<LabelKey, Chunk>, key: LabelKey): string[] {
  const label = labels.get(key);
  if (!label) return [];
  const mid = (label.y0 + label.y1) / 2;
  const left = all.filter((c) => c.x1 <= label.x0 && mid > c.y0 && mid < c.y1).sort((a, b) => b.x1 - a.x1)[0];
  const last = left?.text.trim().split(/\s+/).at(-1);
  return last ? [last] : [];
}

/**
 * The numbers printed before SECCIÓN on its line, where 2014 fronts print ESTADO 09 MUNICIPIO 004
 * SECCIÓN 0747: the three-digit one nearest SECCIÓN is MUNICIPIO's, a two-digit one before it
 * ESTADO's. Words that are not all digits (a date's 05/07/1980, a garbled label) are not numbers
 * here; a 2019 front has only labels there.
 */
export function sectionRow(all: Chunk[], labels: Map<LabelKey, Chunk>): { estado: string | null; municipio: string | null } {
  const label = labels.get("seccion");
  if (!label) return { estado: null, municipio: null };
  const mid = (label.y0 + label.y1) / 2;
  const numbers = all
    .filter((c) => c.x1 <= label.x0 + 1 && mid > c.y0 && mid < c.y1)
    .sort((a, b) => a.x0 - b.x0)
    .flatMap((c) => c.text.toUpperCase().split(/\s+/))
    .map((w) => w.replace(/^[^A-Z0-9]+|[^A-Z0-9]+$/g, ""))
    .filter((w) => /\d/.test(w) && /^[\dOQD]+$/.test(w))
    .map((w) => w.replace(/[OQD]/g, "0"));
  const m = numbers.findLastIndex((n) => n.length === 3);
  const e = numbers.slice(0, Math.max(m, 0)).findLastIndex((n) => n.length === 2);
  return { municipio: m >= 0 ? numbers[m]! : null, estado: m >= 0 && e >= 0 ? numbers[e]! : null };
}

/** Every chunk's text, top to bottom: where a value is looked for by its shape alone when its label was not read. */
const everywhere = (all: Chunk[]) => all.map((c) => c.text);

/**
 * Digits of this length at the start of the first value that has any (O/Q/D read for 0): a
 * number further along is another field's, behind a label OCR did not read ("wsión — 2014").
 */
function digits(values: string[], length: number): string | null {
  for (const value of values) {
    const m = new RegExp(`^[^A-Z0-9]*(\\d{${length}})(?!\\d)`).exec(value.toUpperCase().replace(/[OQD](?=[\dOQD]*\b)/g, "0"));
    if (m) return m[1]!;
  }
  return null;
}

/** The address's lines as one field, the way every reader of the front writes it ("line, line, line"). */
export const joinedAddress = (lines: string[]) => lines.join(", ").replace(/\s+/g, " ");

export const addressLine = (value: string) =>
  addressPunctuation(
    value
      .split(/\s+/)
      // OCR reads guilloche and the seal's edge as stray marks ("<", "—", "|"): a word with no letter
      // or digit in it is not part of an address.
      // The card prints in capitals, so a word with no capital or digit ("y") is noise as well.
      .filter((w) => /[\p{Lu}\d]/u.test(w))
      .join(" "),
  );

// The abbreviations INE writes in addresses, each followed by a period (COL. MORELOS, INT. 4,
// NO. 100, C.P. 14610).
const ADDRESS_ABBREVIATIONS = "COL|INT|EXT|NO|NUM|AV|CALZ|CARR|PRIV|PROL|BLVD|FRACC|MZ|MZA|LT|DEPTO|EDIF|UNID|SECC|CD|C\\.P|CP";

/**
 * The address's periods as printed: the OCR reads a small period as a comma or a colon. An
 * address on the card never has a colon, and a comma right after an abbreviation is its period
 * ("COL, MORELOS" is COL. MORELOS; "TEPEPAN, ALCALDIA" keeps its comma).
 */
export function addressPunctuation(line: string): string {
  return line.replace(/(?<=[A-Z0-9]):/g, ".").replace(new RegExp(`\\b(${ADDRESS_ABBREVIATIONS}),(?=\\s|$)`, "g"), "$1.");
}

/**
 * How many of a front's labels the words hold, read left to right: how a reader tells the right
 * way up (a card read upside down still yields "fields", OCR garbage that fits a year or a
 * number, but hardly any label).
 */
export const labelsFound = (words: OcrWord[]) =>
  // Tesseract also reads a card a quarter turned, as columns of vertical words: its labels, in
  // boxes taller than wide, do not count.
  [...findLabels(chunks(words)).values()].filter((c) => c.x1 - c.x0 > c.y1 - c.y0).length;

/**
 * The fields of a front and how its CURP was read: `curpWhole` when it was a whole word of 18
 * characters, not a run cut out of a longer word (readIneFront weighs passes by it);
 * `curpShapes`, every whole word on the card with a CURP's shape, check digit or not;
 * `addressLines`, the address's lines apart (readIneFront puts the passes' lines together).
 */
export function readFrontWords(words: OcrWord[]): { front: IneFront; curpWhole: boolean; curpShapes: string[]; addressLines: string[]; seccionWhole: boolean } {
  const all = chunks(words);
  const labels = findLabels(all);
  // A label's own line may carry a value to its right (SEXO H, CLAVE DE ELECTOR GMVL…): what
  // follows the label on its chunk, or the next chunk on its line, comes before what is below it.
  const after = (key: LabelKey) => {
    const value = labels.get(key)?.label?.value;
    return value ? [value] : [];
  };
  const take = (key: LabelKey, lines = 1) => [...after(key), ...beside(all, labels, key), ...below(all, labels, key, lines)];

  const [primer, segundo, nombres] = (labels.has("nombre") ? below(all, labels, "nombre", 3) : above(all, labels, "domicilio", 3)).map(nameLine);
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
  const vigenciaRead = rangeEnd(take("vigencia").join(" ").replace(/[OQ]/g, "0"));
  // The 2019 front prints EMISIÓN and VIGENCIA as one range under the label, «2021 - 2031» (INE
  // issues for ten years), and a wide gap parts its end from the label's column: a year read
  // there that opens such a range on the card is the range's start, and the vigencia its end.
  const range = validity(everywhere(all));
  const vigencia = vigenciaRead ? (range && Number(range) - Number(vigenciaRead) === 10 ? range : vigenciaRead) : labels.has("vigencia") ? null : range;
  // Tesseract may take DOMICILIO and the address's first line for one line, when a mark beside
  // them spans both (tune seed 5, a 1034 px card: «DOMICILIO C INDEPENDENCIA 3947», the street
  // lost): what follows the label on its chunk is then the first line. A stray mark read there
  // («DOMICILIO Le») is shorter than any line INE prints.
  const onLabel = after("domicilio").filter((text) => addressLine(text).replace(/[^\p{Lu}\d]/gu, "").length >= 4);
  const addressLines = [...onLabel, ...below(all, labels, "domicilio", 3, (text) => addressLine(text) !== "")]
    .slice(0, 3)
    .map((text) => addressLine(text).replace(/\s+/g, " "));
  // The birth date is the only date printed DD/MM/YYYY on a front: with its label unread it is
  // still found by its shape.
  const fechaNacimiento = birthDate(take("nacimiento")) ?? birthDate(everywhere(all)) ?? vouchedBirthDate(everywhere(all));
  // Position 17 of a CURP is a digit for people born before 2000 and a letter from 2000 on
  // (lib/mx/curp), so its shape alone cannot tell O from 0 there, and the OCR reads the 0 of a
  // 1985 CURP as O. The birth date on the card can tell; without one (or if that shape finds
  // nothing) the character is kept as read.
  // Where no birth date is printed (redrawn 2014 samples), the card's own years still tell for most
  // people: whoever holds a card registered or issued in year Y was born by Y − 17, so a CURP whose
  // YY as 20YY is later than that was born in 19YY.
  const cardYear = Math.max(...[year(take("registro")), year(take("emision")), year(take("vigencia"))].filter(Boolean).map(Number), -Infinity);
  const bornIn1900s = (run: string): boolean | null => {
    if (fechaNacimiento) return fechaNacimiento < "2000";
    const yy = run.slice(4, 6).replace(/[OQD]/g, "0");
    return Number.isFinite(cardYear) && /^\d\d$/.test(yy) && 2000 + Number(yy) > cardYear - 17 ? true : null;
  };
  const curpPattern = (run: string) => {
    const before = bornIn1900s(run);
    return before === null ? CURP_PATTERN : `${CURP_PATTERN.slice(0, 16)}${before ? "D" : "L"}D`;
  };
  const curpIn = (values: string[]) => findRun(values, curpPattern, validCurp) ?? findRun(values, CURP_PATTERN, validCurp);
  // Without its label (unread, or not printed, as on a redrawn sample) the CURP is the run that
  // passes its check digit anywhere on the card; one that fails it is taken beside its label, or
  // unlabelled only where it fits the card (below).
  const labelled = curpIn(take("curp"));
  // Last, a whole word of the CURP's shape whose check digit fails but which fits what the card
  // says (names, birth date, sex): the CURP under a label the OCR garbled past reading ("cune").
  const facts = { primer_apellido: primer, segundo_apellido: segundo, nombres, fecha_nacimiento: fechaNacimiento, sexo, clave_elector: findShaped(take("clave"), CLAVE_PATTERN) };
  const fitting = findRun(everywhere(all), curpPattern, (c) => curpFitsCard(c, facts), true);
  const curpRun = labelled && validCurp(labelled.value) ? labelled : (findRun(everywhere(all), curpPattern, validCurp, true) ?? labelled ?? (fitting?.whole ? fitting : null));
  // Small type misreads the CURP's date digits most (4 as 1, 8 as S): a whole word of the CURP's
  // shape whose date is at most two digits off the card's birth date (the one printed, or one the
  // clave's date vouched for), and that passes its check digit with that date, is the CURP. A CURP
  // of another date altogether is left as read: the cross-checks must see a card that contradicts itself.
  const yymmdd = fechaNacimiento ? birthYymmdd(fechaNacimiento) : undefined;
  const redate = (c: string) => (yymmdd ? `${c.slice(0, 4)}${yymmdd}${c.slice(10)}` : c);
  const nearDate = (c: string) => !!yymmdd && [...yymmdd].filter((d, i) => c[4 + i] !== d).length <= 2;
  const redated = curpRun && validCurp(curpRun.value) ? null : yymmdd ? findRun(everywhere(all), curpPattern, (c) => nearDate(c) && validCurp(redate(c)), true) : null;
  const curp = redated?.whole ? redate(redated.value) : (curpRun?.value ?? null);
  // The clave carries the birth date (YYMMDD) at positions 7–12; unlabelled, only a clave whose
  // date is the card's birth date (or its CURP's) is taken.
  const born = yymmdd ?? (curp && validCurp(curp) ? curp.slice(4, 10) : null);
  const claveDate = (c: string) => !born || c.slice(6, 12) === born;
  // Nothing of a CURP's shape: a CURP a letter or two short beside its label, as printed (shortCurp).
  const printedCurp = curp ?? shortCurp(take("curp"), bornIn1900s);
  const clave = findShaped(take("clave"), CLAVE_PATTERN, claveDate) ?? (born ? findShaped(everywhere(all), CLAVE_PATTERN, claveDate, true) : null) ?? shortClave(take("clave"));

  const front: IneFront = {
    nombres: nombres ?? null,
    primer_apellido: primer ?? null,
    segundo_apellido: segundo ?? null,
    nombre_completo: [nombres, primer, segundo].every(Boolean) ? `${nombres} ${primer} ${segundo}` : null,
    // A CURP taken for fitting the card is kept as read: a look-alike that made its check digit
    // pass would change what it fits the card by (the specimen's fails its own check digit).
    curp: curpRun && curpRun === fitting ? curp : (checkDigitRepaired(curp) ?? printedCurp),
    clave_elector: clave,
    fecha_nacimiento: fechaNacimiento,
    sexo: sexo ?? null,
    seccion: seccion ? seccion[0].padStart(4, "0") : null,
    vigencia,
    domicilio: addressLines.length ? joinedAddress(addressLines) : null,
    anio_registro: registroYear(take("registro")),
    anio_emision: emision?.[1] ?? null,
    num_emisiones: emision?.[2] ?? registroCount?.[1] ?? null,
    // ESTADO opens the row of MUNICIPIO on 2014 fronts: with its label garbled ("EsUDO") its
    // value is the number just left of MUNICIPIO.
    // With MUNICIPIO's label garbled too ("mUNONO 004"), the row that SECCIÓN ends still says
    // which number is which: ESTADO's two digits, then MUNICIPIO's three.
    estado: digits(take("estado"), 2) ?? (labels.has("estado") ? null : (digits(leftOf(all, labels, "municipio"), 2) ?? (labels.has("municipio") ? null : sectionRow(all, labels).estado))),
    municipio: digits(take("municipio"), 3) ?? (labels.has("municipio") ? null : sectionRow(all, labels).municipio),
    localidad: digits(take("localidad"), 4),
  };
  // Every whole word of the CURP's shape, for readIneFront to weigh against the card read by all passes.
  const curpShapes = everywhere(all).flatMap((text) => text.split(/\s+/).map((w) => findRun([w], curpPattern)).filter((r) => r?.whole).map((r) => r!.value));
  // INE prints SECCIÓN with four digits (0747): three read were padded with a zero above, right
  // where small type lost a leading 0, wrong where it lost another (3039 read 339).
  return { front, curpWhole: curpRun?.whole ?? false, curpShapes, addressLines, seccionWhole: seccion?.[0].length === 4 };
}

/**
 * A CURP a letter or two short (SHORT_CURP_PATTERNS), as a card that is not what it claims prints
 * one (INE's 2019 specimen), beside its label and as a whole word only; its differentiator a digit
 * or a letter by the birth century, as for a whole CURP. It is reported as printed, no letter
 * guessed back: the cross-checks then refuse it (judge-ine-validation: "no es una CURP válida"),
 * which says more than a CURP not read, and every pass that reads it alike stops the reading
 * (readIneFront: a CURP the card settles).
 */
function shortCurp(values: string[], bornIn1900s: (run: string) => boolean | null): string | null {
  for (const pattern of SHORT_CURP_PATTERNS) {
    const run = findRun(values, (r) => {
      const before = bornIn1900s(r);
      return before === null ? pattern : `${pattern.slice(0, -2)}${before ? "D" : "L"}D`;
    });
    if (run?.whole) return run.value;
  }
  return null;
}

/** The fields of an INE front from its OCR words. */
export const parseIneFront = (words: OcrWord[]): IneFront => readFrontWords(words).front;

/**
 * A clave de elector one digit short (17 characters: GMVLMR8007501M100), as redrawn samples of the
 * 2014 front print it: taken only beside its label and only as a whole word, as printed (no digit
 * is guessed back), when no 18-character clave is there. The cross-checks then refuse its shape
 * (lib/mx/identity-cross-checks), as they should a card that prints one.
 */
function shortClave(values: string[]): string | null {
  const run = findRun(values, SHORT_CLAVE_PATTERN);
  return run?.whole ? run.value : null;
}
