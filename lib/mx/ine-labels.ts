/**
 * Is this photo an INE front at all? Answered from the words the OCR found, before the field
 * reader (lib/mx/ine-front) looks for values: a camera's test pattern, a blank page or a random
 * photo has none of the card's printed labels; a back sent as a front has its MRZ.
 */

/** Words printed on every INE front (models E–H), as the OCR reads them: upper case, no accents. */
export const INE_FRONT_ANCHORS = [
  "INSTITUTO", "NACIONAL", "ELECTORAL", "CREDENCIAL", "VOTAR", "NOMBRE", "DOMICILIO", "CLAVE", "ELECTOR",
  "CURP", "SEXO", "VIGENCIA", "REGISTRO", "NACIMIENTO", "SECCION", "EMISION", "MEXICO",
] as const;

/** Fewer distinct labels than this and the photo is not taken for a front: a back prints up to four of them. */
export const MIN_FRONT_LABELS = 4;

const letters = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9<]/g, "");

/** Levenshtein distance, stopping early: only "0 or 1" matters here. */
function withinOne(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  // One substitution, insertion or deletion at i, the rest equal.
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i);
}

/**
 * The distinct INE labels among the words. One OCR slip is forgiven on labels of five letters
 * or more; a four-letter one (CURP, SEXO) must read exactly, or ordinary words would count.
 */
export function ineFrontLabels(words: ReadonlyArray<{ text: string }>): string[] {
  const found = new Set<string>();
  for (const word of words) {
    const text = letters(word.text);
    for (const anchor of INE_FRONT_ANCHORS) {
      if (text === anchor || (anchor.length >= 5 && withinOne(text, anchor))) found.add(anchor);
    }
  }
  return [...found];
}

/**
 * Whether a word is the start of an INE back's MRZ: "IDMEX" (one slip forgiven) followed by the
 * CIC, read as one long word.
 */
export function hasIneMrz(words: ReadonlyArray<{ text: string }>): boolean {
  return words.some((word) => {
    const text = letters(word.text);
    return text.length >= 14 && withinOne(text.slice(0, 5), "IDMEX");
  });
}
