/**
 * The labels of an INE front found among OCR words, and the words cut into chunks (runs of words
 * on one line, split at wide gaps and at each label). Real fronts (models C–H) print most values
 * beside their label on one line ("CLAVE DE ELECTOR GMVL…", "ESTADO 09 MUNICIPIO 004"), the
 * sandbox card and the 2019 front print them below; a chunk that starts with a label carries what
 * follows it on its line, so the parser can look beside and below.
 *
 * The labels are printed small (small capitals on models E/F) over guilloche, and OCR garbles
 * them ("cur?", "EsUDO", "muncIPIO", "Año oe REGISTRO2008"), so a label is matched allowing a few
 * edits, more for longer labels, and may be glued to its value.
 */
export type OcrWord = { text: string; x0: number; y0: number; x1: number; y1: number };

export const LABELS = {
  nombre: ["NOMBRE"],
  sexo: ["SEXO"],
  domicilio: ["DOMICILIO"],
  // The label's last word alone, where OCR garbled the small words before it ("AE LE ELECTOR").
  clave: ["CLAVE DE ELECTOR", "ELECTOR"],
  emision: ["EMISION"],
  curp: ["CURP"],
  // The 2014 sample from abroad prints AÑO REGISTRO; 2014 fronts print FECHA NACIMIENTO.
  registro: ["ANO DE REGISTRO", "ANO REGISTRO", "REGISTRO"],
  nacimiento: ["FECHA DE NACIMIENTO", "FECHA NACIMIENTO", "NACIMIENTO"],
  seccion: ["SECCION"],
  vigencia: ["VIGENCIA"],
  estado: ["ESTADO"],
  municipio: ["MUNICIPIO"],
  localidad: ["LOCALIDAD"],
  // IFE fronts (models C/D): not read, but found so that their values end the ones before them.
  folio: ["FOLIO"],
  edad: ["EDAD"],
} as const;
export type LabelKey = keyof typeof LABELS;

/** `text` as read; a chunk that starts with a label has its key, `value` (what follows it) and how many edits it took. */
export type Chunk = { text: string; x0: number; y0: number; x1: number; y1: number; label?: { key: LabelKey; value: string; edits: number } };

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

export function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

// Edits a label may take and still be read as that label: none would let "SEXO" match any
// four-letter word, so short labels take one, long ones (CLAVEDEELECTOR) three.
// A label's last word alone is matched near exactly: two edits would make ELECTORAL (the
// header's INSTITUTO NACIONAL ELECTORAL) a CLAVE DE ELECTOR.
// NOMBRE takes two: the 2019 front prints it small above the names, where small type reads it
// NOVERE (tune seed 23) and it was taken for the first surname; no name of the lexicon's 1,268
// words (lib/adapters/ocr/name-lexicon) is within two edits of it (HOMERO and ROMERO are three).
const tolerance = (spelling: string) => (spelling === "NOMBRE" ? 2 : LAST_WORDS.has(spelling) ? 1 : spelling.length <= 6 ? 1 : spelling.length <= 11 ? 2 : 3);
const LAST_WORDS = new Set(["ELECTOR", "REGISTRO", "NACIMIENTO"]);

type LabelMatch = { key: LabelKey; used: number; rest: string; edits: number };

/**
 * The label that starts at word `i`, over one to (its words + 1) OCR words joined without spaces
 * (OCR splits and joins label words: "CLAVEDEELECTOR", "VI GENCIA"); digits glued to its end are
 * its value ("REGISTRO2008").
 */
function labelAt(words: string[], i: number): LabelMatch | null {
  // A label starts at a word with a letter: a mark before it (a stroke of guilloche read as "——")
  // would stretch the label's box over the line below, where its value is.
  if (!/[A-Z]/.test(plain(words[i] ?? ""))) return null;
  let best: LabelMatch | null = null;
  for (const [key, spellings] of Object.entries(LABELS) as [LabelKey, readonly string[]][]) {
    for (const spelling of spellings) {
      const target = spelling.replace(/ /g, "");
      const maxWords = spelling.split(" ").length + 1;
      for (let n = 1; n <= maxWords && i + n <= words.length; n++) {
        const joined = words.slice(i, i + n).map(plain).join("").replace(/[^A-Z0-9]/g, "");
        const glued = /^([A-Z]+?)(\d.*)?$/.exec(joined);
        if (!glued) continue;
        const edits = distance(glued[1]!, target);
        // A one-letter stray word is never a label, whatever the tolerance.
        if (glued[1]!.length < 3 || edits > tolerance(spelling) || edits >= glued[1]!.length / 2) continue;
        if (!best || edits < best.edits || (edits === best.edits && n < best.used)) best = { key, used: n, rest: glued[2] ?? "", edits };
      }
    }
  }
  return best;
}

/** Words on one line, split where the gap is wider than two letters (the card's columns) and before each label. */
export function chunks(words: OcrWord[]): Chunk[] {
  const kept = words.filter((w) => w.text.trim());
  // A "word" far taller than the card's type is OCR of a border or of guilloche (the fret strip
  // down a 2014 front reads as one 500 px word): as the first of a line it would swallow every
  // line it spans.
  const heights = kept.map((w) => w.y1 - w.y0).sort((a, b) => a - b);
  const typical = heights[Math.floor(heights.length / 2)] ?? 0;
  const sorted = kept.filter((w) => w.y1 - w.y0 <= 3 * typical).sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  // A word joins the line whose band holds its middle. The band is the median top and bottom of
  // the line's words so far, not its first word's box: glare read as a word two lines tall (tune
  // seed 5, «e» 60 px high beside a 20 px address) opened a line that took both address lines
  // under it, «COL. C INDEPENDENCIA CENTRO».
  const lines: { words: OcrWord[]; top: number; bottom: number }[] = [];
  for (const word of sorted) {
    const mid = (word.y0 + word.y1) / 2;
    const line = lines.find((l) => mid > l.top && mid < l.bottom);
    if (!line) {
      lines.push({ words: [word], top: word.y0, bottom: word.y1 });
      continue;
    }
    line.words.push(word);
    line.top = median(line.words.map((w) => w.y0));
    line.bottom = median(line.words.map((w) => w.y1));
  }
  const out: Chunk[] = [];
  for (const { words: line } of lines) {
    line.sort((a, b) => a.x0 - b.x0);
    let group: OcrWord[] = [];
    const groups: OcrWord[][] = [];
    for (const w of line) {
      const last = group.at(-1);
      if (last && w.x0 - last.x1 > Math.max(2 * (w.y1 - w.y0), 24)) {
        groups.push(group);
        group = [];
      }
      group.push(w);
    }
    if (group.length) groups.push(group);
    for (const g of groups) out.push(...splitAtLabels(g));
  }
  return out;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const half = sorted.length >> 1;
  return sorted.length % 2 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
}

function splitAtLabels(group: OcrWord[]): Chunk[] {
  const texts = group.map((w) => w.text.trim());
  const out: Chunk[] = [];
  let start = 0;
  let label: LabelMatch | null = null;
  const flush = (end: number) => {
    if (end <= start) return;
    const ws = group.slice(start, end);
    const chunk: Chunk = { text: texts.slice(start, end).join(" "), x0: ws[0]!.x0, y0: Math.min(...ws.map((w) => w.y0)), x1: ws.at(-1)!.x1, y1: Math.max(...ws.map((w) => w.y1)) };
    if (label) chunk.label = { key: label.key, value: [label.rest, ...texts.slice(start + label.used, end)].filter(Boolean).join(" "), edits: label.edits };
    out.push(chunk);
  };
  for (let i = 0; i < group.length; i++) {
    const found = labelAt(texts, i);
    if (!found) continue;
    const next = texts[i + found.used];
    if (NUMBERED.has(found.key) && (i > 0 ? !numberFollows(found, next) : wordFollows(found, next))) continue;
    flush(i);
    start = i;
    label = found;
    i += found.used - 1;
  }
  flush(group.length);
  return out;
}

// Labels of a number. Inside a run of words one is a label only with its number after it:
// otherwise an address's "ESTADO DE MÉXICO" would end the address at ESTADO.
const NUMBERED = new Set<LabelKey>(["estado", "municipio", "localidad", "seccion", "emision", "vigencia", "registro", "folio", "edad"]);
const numberFollows = (label: LabelMatch, next: string | undefined) => label.rest !== "" || /^[^A-Za-z0-9]*[\dOQ]/.test(next ?? "") || next === undefined;
// At the start of a line too, a word after it makes it a place's name: the address line ESTADO DE
// MÉXICO (the 2014 and 2019 fronts print the address on three lines, the entidad alone on the last).
const wordFollows = (label: LabelMatch, next: string | undefined) => label.rest === "" && /^\p{Lu}{2,}$/u.test(next ?? "");

/**
 * Each label once: where OCR found the same label twice (a name that reads like ESTADO, a
 * garbled word), the closest spelling wins, the first one on a tie.
 */
export function findLabels(all: Chunk[]): Map<LabelKey, Chunk> {
  const found = new Map<LabelKey, Chunk>();
  for (const chunk of all) {
    if (!chunk.label) continue;
    const held = found.get(chunk.label.key);
    if (!held || chunk.label.edits < held.label!.edits) found.set(chunk.label.key, chunk);
  }
  return found;
}
