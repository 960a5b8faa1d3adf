import { checkCurp } from "@/lib/mx/curp";
import { curpExpectedFromCard, curpNameWords, innerConsonant } from "@/lib/mx/curp-card-agreement";
import { addressLine, birthDate, joinedAddress, CLAVE_PATTERN, CURP_PATTERN, nameLine, plain, registroYear, repair, vouchedBirthDate, type IneFront } from "@/lib/mx/ine-front";
import { distance, LABELS } from "@/lib/mx/ine-front-labels";

/**
 * An INE front's fields read by where they are printed, not by their labels. Once the card is
 * found and seen straight (lib/adapters/vision/find-card) and cut to the card (cardRegion), each
 * model prints each value at the same place. On a small card (240–400 px in the picture) the
 * labels' type is a few pixels high and reads as "DONOUSS" for DOMICILIO, while the values, twice
 * their height, still read: label reading places nothing there, position reading does.
 *
 * The areas are fractions of the card region's width and height, measured on the TUNE part's
 * fronts only (bench/lib/augmented-fronts: INE's specimens velpaNew, financiera and cetis19, and
 * the sandbox cards E1–H2, drawn after INE's specimen), read by Paddle at 1012 px. Two layouts:
 * the 2014 front (models E and F, ESTADO/MUNICIPIO/LOCALIDAD rows) and the 2019 front (G and H,
 * birth date, sección and vigencia along the bottom). The layout is not guessed from one clue:
 * both are tried and the one whose values pass more of their grammar wins (CURP check digit,
 * clave's shape, a real date, a four-digit sección, a vigencia ten years after its start).
 *
 * A box belongs to an area by its vertical centre and by its left edge (values that start at the
 * text column: names, address, birth date on 2019 fronts) or its right edge (values at the end
 * of a line, after a label the OCR may glue to them: "SEXOM", "2014 VIGENCIA 2024").
 */
export type PositionBox = { text: string; x0: number; y0: number; x1: number; y1: number };

type Area = { edge: "start" | "end"; x: [number, number]; y: [number, number] };
type AreaKey = "nombre" | "domicilio" | "sexo" | "nacimiento" | "clave" | "curp" | "registro" | "seccion" | "vigencia";
/**
 * The 2014 front's two bottom rows, by the vertical band of each (region fractions), read as whole
 * lines: ESTADO 09 MUNICIPIO 004 SECCIÓN 0747 and LOCALIDAD 0001 EMISIÓN 2014 VIGENCIA 2024. The
 * 2019 front prints none of estado, municipio, localidad or emisión.
 */
type BottomRows = { seccion: [number, number]; vigencia: [number, number] };
export type FrontLayout = { name: "2014" | "2019"; areas: Record<AreaKey, Area>; rows?: BottomRows };

const start = (x: [number, number], y: [number, number]): Area => ({ edge: "start", x, y });
const end = (x: [number, number], y: [number, number]): Area => ({ edge: "end", x, y });

// Measured centres on the tune part (region fractions, 1012 px wide): 2014 names 0.32/0.37/0.42
// (the redrawn cetis19 sample 0.35/0.39/0.44), address 0.52–0.66, clave 0.68–0.73, CURP 0.74–0.79,
// sección's value ends at 0.88–0.90 on 0.82–0.85, vigencia's at 0.88–0.89 on 0.89–0.91; 2019 names
// 0.34/0.40/0.45, address 0.59/0.64/0.69, clave 0.74, CURP and registro 0.84, the bottom row 0.94.
export const FRONT_LAYOUTS: FrontLayout[] = [
  {
    name: "2014",
    areas: {
      nombre: start([0.29, 0.4], [0.31, 0.47]),
      domicilio: start([0.29, 0.4], [0.5, 0.675]),
      sexo: end([0.93, 1], [0.33, 0.43]),
      nacimiento: end([0.93, 1], [0.29, 0.37]),
      clave: end([0.7, 1], [0.66, 0.74]),
      curp: start([0.29, 0.5], [0.72, 0.81]),
      registro: end([0.93, 1], [0.72, 0.8]),
      seccion: end([0.84, 0.95], [0.79, 0.87]),
      vigencia: end([0.84, 0.95], [0.865, 0.95]),
    },
    rows: { seccion: [0.79, 0.87], vigencia: [0.865, 0.95] },
  },
  {
    name: "2019",
    areas: {
      nombre: start([0.29, 0.4], [0.32, 0.5]),
      domicilio: start([0.29, 0.4], [0.555, 0.715]),
      sexo: end([0.9, 1], [0.25, 0.34]),
      nacimiento: start([0.29, 0.4], [0.9, 0.98]),
      clave: end([0.7, 0.85], [0.7, 0.78]),
      curp: start([0.29, 0.4], [0.8, 0.88]),
      registro: start([0.66, 0.72], [0.8, 0.88]),
      seccion: end([0.58, 0.68], [0.9, 0.98]),
      vigencia: end([0.76, 0.86], [0.9, 0.98]),
    },
  },
];

export type PositionRead = {
  layout: FrontLayout["name"];
  /** How many values passed their grammar: what chose the layout. */
  score: number;
  front: Partial<IneFront>;
  /** The boxes of the name's three lines and the address's lines, top to bottom: for a reader with accents and Ñ to read again. */
  nameBoxes: PositionBox[];
  addressBoxes: PositionBox[];
};

/** The fields of each layout read from boxes of a card region `width` × `height`; the layout whose values pass more of their grammar, or null when none passes any. */
export function readByPosition(boxes: PositionBox[], width: number, height: number): PositionRead | null {
  const { onCard, back } = alongTextColumn(boxes, width);
  const reads = FRONT_LAYOUTS.map((layout) => readLayout(layout, onCard, width, height));
  const best = reads.sort((a, b) => b.score - a.score)[0]!;
  // The name's and address's boxes are cut from the region again (Tesseract's re-read): in its pixels.
  const inRegion = (b: PositionBox) => ({ ...b, x0: Math.max(0, Math.floor(back(b.x0))), x1: Math.min(width, Math.ceil(back(b.x1))) });
  return best.score > 0 ? { ...best, nameBoxes: best.nameBoxes.map(inRegion), addressBoxes: best.addressBoxes.map(inRegion) } : null;
}

// Every model prints the name, the address and the CURP from one text column (its left edge at
// 0.335–0.35 of the card) to the text's right end, the birth date and SEXO (0.99).
const COLUMN = 0.345;
const RIGHT_END = 0.99;

/**
 * The boxes moved back onto the card where the finder's outline took in background beside it
 * (cloth stripes joined to the card's edge: the card then fills only the right three quarters of
 * the region, and every value sits far right of its area, beyond the few percent SHIFTS allow).
 * The text column is where most lines start (four or more boxes whose left edges agree within 1%
 * of the width); when it is outside the layouts' column areas, the region's x is mapped onto the
 * card's by the column and the text's right end. Boxes whose column is where it belongs are kept.
 */
export function alongTextColumn<B extends PositionBox>(boxes: B[], width: number): { onCard: B[]; back: (x: number) => number } {
  const unmoved = { onCard: boxes, back: (x: number) => x };
  const starts = boxes.map((b) => b.x0 / width).filter((x) => x >= 0.15 && x <= 0.75);
  const column = starts
    .map((x) => ({ x, n: starts.filter((y) => Math.abs(y - x) <= 0.01).length }))
    .sort((a, b) => b.n - a.n || a.x - b.x)[0];
  if (!column || column.n < 4 || (column.x >= 0.29 && column.x <= 0.4)) return unmoved;
  const right = Math.max(...boxes.map((b) => b.x1 / width));
  const scale = (right - column.x) / (RIGHT_END - COLUMN);
  if (scale < 0.5 || scale > 1.5) return unmoved;
  const offset = column.x - scale * COLUMN;
  const onCard = (x: number) => ((x / width - offset) / scale) * width;
  return { onCard: boxes.map((b) => ({ ...b, x0: onCard(b.x0), x1: onCard(b.x1) })), back: (x: number) => (offset + (scale * x) / width) * width };
}

type Shift = readonly [number, number];
// The card finder's outline may sit a little inside or outside the card's edge (a finger, a
// shadow, the rounded corners), which moves and stretches the layout: each area is also tried
// moved by up to a tenth of the card's height and 3% of its width, nearest first.
const SHIFTS: Shift[] = [0, 0.025, -0.025, 0.05, -0.05, 0.075, -0.075, 0.1, -0.1]
  .flatMap((dy) => [0, 0.03, -0.03].map((dx) => [dx, dy] as const))
  .sort((a, b) => Math.hypot(...a) - Math.hypot(...b));

function readLayout(layout: FrontLayout, boxes: PositionBox[], width: number, height: number): PositionRead {
  const inArea = (key: AreaKey, [dx, dy]: Shift) => {
    const a = layout.areas[key];
    return boxes
      .filter((b) => {
        const x = (a.edge === "start" ? b.x0 : b.x1) / width - dx;
        const y = (b.y0 + b.y1) / 2 / height - dy;
        return x >= a.x[0] && x <= a.x[1] && y >= a.y[0] && y <= a.y[1];
      })
      .sort((p, q) => p.y0 - q.y0 || p.x0 - q.x0);
  };
  // The first shift at which the area's boxes give a value that passes its grammar.
  const find = <T>(key: AreaKey, value: (boxes: PositionBox[]) => T | null, shifts: Shift[] = SHIFTS): { value: T; shift: Shift } | null => {
    for (const shift of shifts) {
      const v = value(inArea(key, shift));
      if (v) return { value: v, shift };
    }
    return null;
  };
  const texts = (boxes: PositionBox[]) => boxes.map((b) => b.text);
  const front: Partial<IneFront> = {};

  // Values with a strong grammar find their own shift: the clave's and CURP's shapes (the CURP's
  // check digit), the name (three lines of letters, no digit: the address's lines have their
  // number and postcode), a real birth date. A label garbled past recognising sits above its
  // value: of more lines than a value has, the last ones are the value.
  const clave = find("clave", (bs) => bs.map((box) => ({ value: shaped(box.text, CLAVE_PATTERN), box })).find((c) => c.value) ?? null);
  if (clave) front.clave_elector = clave.value.value;
  const curp = find("curp", (bs) => texts(bs).flatMap((t) => windows(t, CURP_PATTERN.length).map((w) => repair(w, CURP_PATTERN))).find((c) => !!c && checkCurp(c).valid) ?? null);
  if (curp) front.curp = curp.value;
  const names = nameBlock((shift) => inArea("nombre", shift), clave?.value.value ?? null, curp?.value ?? null);
  if (names) Object.assign(front, names.value.fields);
  // A date whose slashes small type misread («05:07/1984», «05/0711984») is taken where the CURP or
  // clave read on this card carries the same date: two readings agreeing, never one made up.
  const vouchers = [clave?.value.value, curp?.value].filter((v): v is string => !!v);
  const born = find("nacimiento", (bs) => birthDate(texts(bs)) ?? vouchedBirthDate(texts(bs), vouchers));
  if (born) front.fecha_nacimiento = born.value;

  // The others (a letter, four digits, a year) are read where those put the card, else unmoved.
  const anchor = clave?.shift ?? names?.shift ?? curp?.shift ?? born?.shift;
  // The first shift that takes the clave in may leave it at its area's edge and what is below it
  // (registro, the bottom rows: a card found with a strip of background above it sits higher,
  // rows 0.06 apart) out of their areas: the shift that puts its line at the area's centre first.
  const centred: Shift | undefined = clave ? [clave.shift[0], (clave.value.box.y0 + clave.value.box.y1) / 2 / height - (layout.areas.clave.y[0] + layout.areas.clave.y[1]) / 2] : undefined;
  const near: Shift[] = [...(centred ? [centred] : []), ...(anchor && (anchor[0] || anchor[1]) ? [anchor] : []), [0, 0]];

  // The address: three lines, one with a digit (its number, its postcode), wherever they are; else
  // two where the card's other values put it. A clave read into the area (a card a little off) ends it.
  const addressOf = (count: number) => (bs: PositionBox[]) => {
    const ls = lines(bs.filter((b) => !isLabel(b.text) && !claveLike(b.text))).slice(-3);
    const value = ls.length >= count && ls.some((l) => /\d/.test(l.text)) ? addressField(ls.map((l) => l.text)) : null;
    return value ? { value, boxes: ls } : null;
  };
  const address = find("domicilio", addressOf(3)) ?? find("domicilio", addressOf(2), near);
  if (address) front.domicilio = address.value.value;

  // The label before it may be read short or garbled ("SEXOM", "OH" on a card 270 px wide).
  const sexo = find("sexo", (bs) => texts(bs).map((t) => /^(?:[A-Z0-9]{0,5} ?)?([HM])$/.exec(plain(t))?.[1]).find(Boolean) ?? null, near);
  if (sexo) front.sexo = sexo.value as "H" | "M";

  const registro = find("registro", (bs) => {
    const y = registroYear(texts(bs));
    return y && Number(y) >= 1950 ? y : null;
  }, near);
  if (registro) front.anio_registro = registro.value;

  // Sección: four digits ending its line (a 2014 front may read "MUNICIPIO 004 SECCION 0747" as one box).
  const seccion = find("seccion", (bs) => texts(bs).map((t) => /(?<!\d)(\d{4})$/.exec(plain(t).replace(/[OQD]/g, "0"))?.[1]).find(Boolean) ?? null, near);
  if (seccion) front.seccion = seccion.value;

  // The vigencia: the last year of its line; where the line has two (2019: «2022 - 2032»), they are ten years apart.
  const vigencia = find(
    "vigencia",
    (bs) =>
      texts(bs)
        .map((t) => [...plain(t).replace(/[OQ]/g, "0").matchAll(/(?<!\d)((?:19|20)\d{2})(?!\d)/g)].map((m) => Number(m[1])))
        .map((ys) => (ys.length >= 2 && ys.at(-1)! - ys.at(-2)! !== 10 ? null : ys.at(-1)))
        .find((y) => !!y && y >= 2000) ?? null,
    near,
  );
  if (vigencia) front.vigencia = String(vigencia.value);

  const score = (names ? 1 : 0) + Object.keys(front).filter((k) => !["nombres", "primer_apellido", "segundo_apellido", "nombre_completo"].includes(k)).length;
  // After the score: a 2019 front's bottom row (birth date, sección, «2022 - 2032») reads as a
  // 2014 one's too, and must not make the 2014 layout win.
  if (layout.rows) Object.assign(front, bottomRows(layout.rows, boxes, width, height, front.seccion, centred?.[1]), front);
  return { layout: layout.name, score, front, nameBoxes: names?.value.boxes ?? [], addressBoxes: address?.value.boxes ?? [] };
}

/**
 * Estado, municipio, localidad and emisión of a 2014 front, read from its two bottom rows as
 * lines of numbers (rowNumbers). Their labels, in small capitals, are what a small card loses
 * first, and the detector often joins a value with the next one across the label between
 * («20152025», «LOCAD0001»): the rows' numbers have fixed lengths, read from the right, where
 * SECCIÓN's and VIGENCIA's values end the rows.
 */
function bottomRows(rows: BottomRows, boxes: PositionBox[], width: number, height: number, seccionRead?: string | null, centred?: number): Partial<IneFront> {
  const rowAt = (band: [number, number], dy: number) => {
    const inRow = boxes.filter((b) => b.x0 / width >= TEXT_LEFT && (b.y0 + b.y1) / 2 / height - dy >= band[0] && (b.y0 + b.y1) / 2 / height - dy <= band[1]);
    // A speck (a guilloche dot read as "5") is no value: the row's values are its tallest boxes' height.
    const tallest = Math.max(0, ...inRow.map((b) => b.y1 - b.y0));
    return inRow.filter((b) => b.y1 - b.y0 >= tallest / 2).sort((p, q) => p.x0 - q.x0).map((b) => b.text).join(" ");
  };
  const dys = [...new Set([...(centred === undefined ? [] : [centred]), ...SHIFTS.map(([, dy]) => dy)])];
  const out: Partial<IneFront> = {};
  for (const dy of dys) {
    // The row is only taken with its sección read at its end, what anchors the numbers before it,
    // and either as three numbers apart or, where it splits a run, with the sección its own area
    // read: a birth date read there («15/0711980») splits into 15, 071, 1980 too.
    const row = rowAt(rows.seccion, dy);
    const apart = rowNumbers(row, [2, 3, 4], false);
    const split = rowNumbers(row, [2, 3, 4]);
    const [estado, municipio, seccion] = apart[0] || (seccionRead && split[2] === seccionRead) ? (apart[0] ? apart : split) : gluedSeccionRow(row);
    // INE numbers the 32 entities 01–32 (Marco Geográfico Electoral).
    const entidad = estado && Number(estado) >= 1 && Number(estado) <= 32 ? { estado } : {};
    if (seccion && municipio && !out.municipio && (!out.seccion || out.seccion === seccion)) Object.assign(out, { seccion, municipio, ...entidad });
    else if (seccion && !municipio && !out.seccion) Object.assign(out, { seccion, ...entidad });
    // Two years joined by a dash are a 2019 front's vigencia («2022 - 2032»), not EMISIÓN and VIGENCIA.
    const lastRow = rowAt(rows.vigencia, dy);
    // A credential is valid ten years from the year it was issued (LGIPE, art. 156.5): the pair
    // is taken only when it says so, which no other two numbers of the card do by chance.
    const tenApart = ([, emision, vigencia]: (string | null)[]) => !!emision && !!vigencia && Number(vigencia) - Number(emision) === 10 && Number(emision) >= 1990;
    const numbers = rowNumbers(lastRow, [4, 4, 4]);
    const [localidad, emision, vigencia] = /\d{4} ?- ?\d{4}/.test(lastRow) ? [null, null, null] : tenApart(numbers) ? numbers : issueAndValidity(lastRow);
    if (emision && vigencia && !out.anio_emision) Object.assign(out, { anio_emision: emision, vigencia, ...(localidad ? { localidad } : {}) });
    if (out.municipio && out.anio_emision) break;
  }
  return out;
}
const TEXT_LEFT = 0.25;

/**
 * The numbers ending a row of text, of the given lengths in order, or null where the row does
 * not give one: its runs of digits read from the right, a run as long as two or three values
 * together («20152025», the label between lost) split into them. Stops at the first run that
 * fits no value: what comes before it is not placed by guess. `split` false: only runs apart.
 */
export function rowNumbers(text: string, lengths: number[], split = true): (string | null)[] {
  const runs = digitWords(text).match(/\d+/g) ?? [];
  const out: (string | null)[] = lengths.map(() => null);
  let i = lengths.length - 1;
  for (let r = runs.length - 1; r >= 0 && i >= 0; r--) {
    let run = runs[r]!;
    // A label's last letter read as a 0 and glued to the value after it («MUNICIPIO 049» as
    // «CN0049», LOCALIDAD's D in «00001»): a run one digit longer than its value, led by a 0.
    if (run.length === lengths[i]! + 1 && run.startsWith("0")) run = run.slice(1);
    // How many of the values before and at i this run holds.
    let n = 0;
    for (let sum = 0; i - n >= 0 && sum < run.length; n++) sum += lengths[i - n]!;
    if (lengths.slice(i - n + 1, i + 1).reduce((a, b) => a + b, 0) !== run.length || (!split && n > 1)) break;
    for (; n > 0; n--, i--) {
      out[i] = run.slice(-lengths[i]!);
      run = run.slice(0, -lengths[i]!);
    }
  }
  return out;
}

/**
 * ESTADO, MUNICIPIO and SECCIÓN of a 2014 front's row where ESTADO was read apart and the other two
 * ran into one number, SECCIÓN's label between them lost or read as zeros (its O, its C): on cards
 * under 320 px the tune part reads «06 0374789» (037, 4789), «22 MNO07802793» (078, 2793), «09
 * 00310002358» (031, 2358) and «21 002698» (municipio lost, 2698), which rowNumbers leaves whole.
 * SECCIÓN is the run's last four digits; MUNICIPIO the three before them once the label's zeros
 * around it are dropped (never below three digits: a municipio may end in 0), or none where only
 * zeros are left. ESTADO must be INE's 01–32, and a row with a slash is a birth date
 * («15/0711980»), no ESTADO 15 MUNICIPIO 071 SECCIÓN 1980.
 */
export function gluedSeccionRow(row: string): [string | null, string | null, string | null] {
  const none: [null, null, null] = [null, null, null];
  // ESTADO a word of its own: not the end of another value (a CURP's last digits, «…RV26»).
  const words = digitWords(row).split(/\s+/).filter((w) => /\d/.test(w));
  if (row.includes("/") || words.length < 2) return none;
  const [estado, last] = words.slice(-2) as [string, string];
  const run = /\d+$/.exec(last)?.[0] ?? "";
  if (!/^\d\d$/.test(estado) || Number(estado) < 1 || Number(estado) > 32 || run.length < 6 || run.length > 11) return none;
  let rest = run.slice(0, -4);
  while (rest.length > 3 && rest.endsWith("0")) rest = rest.slice(0, -1);
  while (rest.length > 3 && rest.startsWith("0")) rest = rest.slice(1);
  if (/^0+$/.test(rest)) return [estado, null, run.slice(-4)];
  return rest.length === 3 ? [estado, rest, run.slice(-4)] : none;
}

/**
 * The text in plain capitals, its words of digits and O, Q, D read as digits («OOD1»: 0001). A
 * point or comma parts two numbers as a space does («004.1c0747»: 004, 1, 0747, not 0041).
 */
const digitWords = (text: string) => plain(text.replace(/[.,:;·]/g, " ")).replace(/\b[\dOQD]*\d[\dOQD]*\b/g, (w) => w.replace(/[OQD]/g, "0"));

/**
 * Localidad, emisión and vigencia from a 2014 front's last row where VIGENCIA's label between the
 * two years reads as a few letters and digits («2018W4N02028», «20140042024»), a run rowNumbers
 * cannot split: the last two years ten apart (LGIPE art. 156.5) with at most four characters
 * between. Localidad is the four digits before, only where they are a number of their own.
 */
export function issueAndValidity(text: string): [string | null, string | null, string | null] {
  const t = digitWords(text).replace(/[^A-Z0-9]/g, "");
  const isYear = (y: string) => /^(?:19|20)\d{2}$/.test(y);
  for (let i = t.length - 8; i >= 0; i--) {
    for (let gap = 0; gap <= 4 && i + 8 + gap <= t.length; gap++) {
      const [emision, vigencia] = [t.slice(i, i + 4), t.slice(i + 4 + gap, i + 8 + gap)];
      if (isYear(emision) && isYear(vigencia) && Number(vigencia) - Number(emision) === 10 && Number(emision) >= 1990) return [/(?<!\d)\d{4}$/.exec(t.slice(0, i))?.[0] ?? null, emision, vigencia];
    }
  }
  return [null, null, null];
}

// How many more of the clave's and CURP's letters another block must agree with than the nearest.
const MORE_LETTERS = 2;
type NameBlock = { fields: NonNullable<ReturnType<typeof nameFields>>; boxes: PositionBox[] };

/**
 * The name's three lines: at each shift (nearest first), the last three lines of letters the area
 * holds. A garbled label the name's area takes in (DOMICILIO read "DONCUO", "COMOLO" on cards
 * 280–320 px wide) pushes the name a line down, its first surname lost and the label read as the
 * given names, and a card found a little high leaves the first line out of the area unshifted:
 * where the clave or the CURP was read, of every block of three lines at every shift, the one
 * whose letters they agree with most, by two letters or more (tune seed 101, a 280 px card:
 * VARGAS OCHOA GERMAN, clave VROCGR…, 6 letters, over OCHOA GERMAN COMOLO, none). Otherwise, and
 * with neither read, the nearest shift's last three lines, as before.
 */
function nameBlock(area: (shift: Shift) => PositionBox[], clave: string | null, curp: string | null): { value: NameBlock; shift: Shift } | null {
  const linesAt = (shift: Shift) => lines(area(shift).filter((b) => !isLabel(b.text)));
  const block = (ls: PositionBox[], shift: Shift) => {
    const fields = ls.length === 3 && ls.every((l) => !/\d/.test(l.text)) ? nameFields(ls.map((l) => l.text)) : null;
    return fields ? { value: { fields, boxes: ls }, shift, agreement: nameAgreement(fields, clave, curp) } : null;
  };
  let nearest: ReturnType<typeof block> = null;
  for (let i = 0; i < SHIFTS.length && !nearest; i++) nearest = block(linesAt(SHIFTS[i]!).slice(-3), SHIFTS[i]!);
  if (!clave && !curp) return nearest;
  let best = nearest;
  for (const shift of SHIFTS) {
    const ls = linesAt(shift);
    for (let end = ls.length; end >= 3; end--) {
      const other = block(ls.slice(end - 3, end), shift);
      if (other && (!best || other.agreement > best.agreement)) best = other;
    }
  }
  // One letter more in common is chance: INE's redrawn cetis19 sample prints another person's
  // clave, which shares one letter more with a block a line low than with its own name.
  return nearest && best && best.agreement < nearest.agreement + MORE_LETTERS ? nearest : best;
}

/**
 * How many of the letters the clave de elector and a valid CURP give the names these names give
 * too: the clave's first six are each name's first letter and the first consonant after it (INE's
 * rule, on every card of the tune part: GOMEZ VELAZQUEZ MARGARITA GMVLMR, OCHOA OC, MUÑOZ MX), the
 * CURP's are RENAPO's (lib/mx/curp-card-agreement).
 */
export function nameAgreement(names: Pick<IneFront, "primer_apellido" | "segundo_apellido" | "nombres">, clave: string | null, curp: string | null): number {
  let count = 0;
  if (clave) {
    const letters = [names.primer_apellido, names.segundo_apellido, names.nombres].map((n) => curpNameWords(n)[0] ?? "").flatMap((w) => (w ? [w[0], innerConsonant(w)] : [undefined, undefined]));
    letters.forEach((c, i) => (count += c && c === clave[i] ? 1 : 0));
  }
  if (curp) {
    const expected = curpExpectedFromCard(names);
    for (const i of [0, 1, 2, 3, 13, 14, 15]) if (expected.get(i) === curp[i]) count++;
  }
  return count;
}

/** The name's three lines as printed (first surname, second, given names), or null when they are not three lines of letters. */
export function nameFields(lines: string[]): Pick<IneFront, "nombres" | "primer_apellido" | "segundo_apellido" | "nombre_completo"> | null {
  const names = lines.map((l) => nameLine(l));
  if (names.length !== 3 || !names.every((n) => !!n && n.replace(/ /g, "").length >= 2)) return null;
  const [primer, segundo, nombres] = names as [string, string, string];
  return { primer_apellido: primer, segundo_apellido: segundo, nombres, nombre_completo: `${nombres} ${primer} ${segundo}` };
}

/** The address's lines joined as the label reader joins them, or null under two lines (a street alone is not an address read). */
export function addressField(lines: string[]): string | null {
  const address = lines.map((l) => addressLine(l)).filter(Boolean);
  return address.length >= 2 ? joinedAddress(address) : null;
}

/** Boxes on one line (their centres within half a line of each other) joined left to right. */
function lines(boxes: PositionBox[]): PositionBox[] {
  const out: PositionBox[] = [];
  for (const b of boxes) {
    const last = out.at(-1);
    const centre = (b.y0 + b.y1) / 2;
    if (last && Math.abs(centre - (last.y0 + last.y1) / 2) < (last.y1 - last.y0) / 2) {
      const [left, right] = b.x0 < last.x0 ? [b, last] : [last, b];
      out[out.length - 1] = { text: `${left.text} ${right.text}`, x0: Math.min(b.x0, last.x0), y0: Math.min(b.y0, last.y0), x1: Math.max(b.x1, last.x1), y1: Math.max(b.y1, last.y1) };
    } else out.push(b);
  }
  return out;
}

/**
 * NOMBRE or DOMICILIO read, allowing a third of its letters misread ("DOMCILO"): the labels between
 * the name's and address's lines. On a card 260–300 px wide the label's small capitals are 3–4 px
 * high and the I, one pixel wide, is lost as well ("COMCLO", "DOWCLIO" for DOMICILIO): with the
 * I's left out of both, one more letter misread is still the label. Taken for a name line, it
 * pushed the name a line down (first surname lost, the given names read as "COMCLO").
 */
export function isLabel(text: string): boolean {
  const t = plain(text).replace(/[^A-Z0-9]/g, "");
  const thin = (s: string) => s.replace(/I/g, "");
  return [...LABELS.nombre, ...LABELS.domicilio].some((l) => distance(t, l) <= Math.ceil(l.length / 3) || (thin(t).length >= 5 && distance(thin(t), thin(l)) <= 1));
}

// A clave read into the address's area (a card found a little off): its shape, or a word of 8 digits or more (a clave misread).
const claveLike = (text: string) => !!shaped(text, CLAVE_PATTERN) || text.split(/\s+/).some((w) => (w.match(/\d/g)?.length ?? 0) >= 8);

const windows = (text: string, length: number) => {
  const compact = plain(text).replace(/[^A-Z0-9]/g, "");
  return Array.from({ length: Math.max(0, compact.length - length + 1) }, (_, i) => compact.slice(i, i + length));
};
/** The last run of the pattern's length in the text that fits the pattern (a label read glued before it). */
const shaped = (text: string, pattern: string) =>
  windows(text, pattern.length)
    .reverse()
    .map((w) => repair(w, pattern))
    .find(Boolean) ?? null;
