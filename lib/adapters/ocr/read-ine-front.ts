import { checkCurp } from "@/lib/mx/curp";
import { labelsFound, parseIneFront, type IneFront, type OcrWord } from "@/lib/mx/ine-front";
import { FRONT_PASSES, type IneFrontReader, type Turn } from "./ine-front-reader";

/**
 * A front read whole: turned upright, then read with each of the reader's passes (plain grey, then
 * thresholded against guilloche, then other sizes) until one gives every field the card's layout
 * prints with a CURP that passes its check digit. The best pass (most fields, a valid CURP) gives
 * the fields; the fields it missed come from the other passes, best first.
 */
export async function readIneFront(reader: IneFrontReader, image: Uint8Array): Promise<{ words: OcrWord[]; front: IneFront }> {
  const first = await upright(reader, image);
  const reads = [first];
  for (const pass of FRONT_PASSES.slice(1)) {
    if (complete(best(reads).front)) break;
    const words = await reader.read(image, { ...pass, turn: first.turn });
    reads.push({ words, front: parseIneFront(words), turn: first.turn });
  }
  const ranked = [...reads].sort((a, b) => score(b.front) - score(a.front));
  return { words: first.words, front: ranked.slice(1).reduce((front, r) => fill(front, r.front), ranked[0]!.front) };
}

type Read = { words: OcrWord[]; front: IneFront; turn: Turn };

/**
 * Phones send cards sideways or upside down (EXIF is not always there): the card is read as it
 * came and, when few labels are found, turned a quarter at a time; the turn with most labels wins.
 */
async function upright(reader: IneFrontReader, image: Uint8Array): Promise<Read> {
  let chosen: (Read & { labels: number }) | null = null;
  for (const turn of [0, 90, 270, 180] as const) {
    const words = await reader.read(image, { ...FRONT_PASSES[0], turn });
    const labels = labelsFound(words);
    if (!chosen || labels > chosen.labels) chosen = { words, front: parseIneFront(words), turn, labels };
    // Half the labels of a 2019 front (the fewest of any model) is enough to call it upright.
    if (labels >= 5) break;
  }
  return chosen!;
}

const best = <T extends { front: IneFront }>(reads: T[]) => reads.reduce((a, b) => (score(b.front) > score(a.front) ? b : a));
const found = (front: IneFront) => Object.values(front).filter((v) => v !== null).length;
const validCurp = (front: IneFront) => !!front.curp && checkCurp(front.curp).valid;
const score = (front: IneFront) => found(front) + (validCurp(front) ? 3 : 0);

// Every front prints these (estado, municipio, localidad only up to 2019; emisión's count not on
// 2014 fronts): with all of them and a valid CURP another pass has nothing to add.
const EVERY_FRONT = ["nombres", "primer_apellido", "segundo_apellido", "curp", "clave_elector", "fecha_nacimiento", "sexo", "seccion", "vigencia", "domicilio", "anio_registro", "anio_emision"] as const;
const complete = (front: IneFront) => validCurp(front) && EVERY_FRONT.every((k) => front[k] !== null);

/** `front` with its empty fields taken from `other`; the name's three lines only together. */
function fill(front: IneFront, other: IneFront): IneFront {
  const out = { ...front } as Record<keyof IneFront, unknown>;
  for (const [key, value] of Object.entries(other) as [keyof IneFront, unknown][]) if (out[key] === null) out[key] = value;
  if (!front.nombre_completo && other.nombre_completo) Object.assign(out, { nombres: other.nombres, primer_apellido: other.primer_apellido, segundo_apellido: other.segundo_apellido, nombre_completo: other.nombre_completo });
  if (front.curp && !validCurp(front) && validCurp(other)) out.curp = other.curp;
  return out as IneFront;
}
