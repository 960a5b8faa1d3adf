/**
 * A CURP mended from what OCR read of it, when no reading passes its check digit. On cards 240–300
 * px wide Paddle reads the CURP's line with one letter lost or two characters swapped for their
 * look-alikes (bench:identity, tune part: "CAH040312HTCSBCC1" for CAIH040312HTCSBCC1,
 * "BEFM040706IASLLRE2" for BEFM040708HASLLRE2), and the front came back with no CURP at all.
 *
 * What may change, and what vouches for it:
 * - a character of the wrong kind for its place, read as its look-alike (O and 0, I and 1, S and
 *   5…): the CURP's grammar (RENAPO's Instructivo Normativo: letters, then YYMMDD, sex, state,
 *   consonants, the century's character, the check digit) says which kind each place holds;
 * - a character the rest of the card fixes (lib/mx/curp-card-agreement: the names' letters, the
 *   birth date, the sex), where the reading disagrees with it or lost it; at most
 *   MAX_CARD_CHANGES of them. The inner consonants (places 14–16) are only filled where lost,
 *   never overwritten: their rules for compound names are the ones a reader most often gets wrong.
 * Nothing else changes: the state, the differentiator and the check digit are the reading's own,
 * and the result must pass checkCurp, check digit included (one wrong mend in ten would pass it
 * by chance, which is why every other change needs the card's word). Two different CURPs
 * mended with as few changes: none is taken.
 */
import { birthYymmdd, claveElectorParts } from "./clave-elector";
import { checkCurp } from "./curp";
import { curpExpectedFromCard, type CardFacts } from "./curp-card-agreement";

/** More changes than this, and the reading is not the CURP's but something the card says. */
export const MAX_CARD_CHANGES = 3;

// Look-alikes OCR swaps in small type, read as the kind the place holds.
const AS_DIGIT: Record<string, string> = { O: "0", Q: "0", D: "0", U: "0", I: "1", L: "1", T: "1", Z: "2", S: "5", G: "6", B: "8" };
const AS_LETTER: Record<string, string> = { "0": "O", "1": "I", "2": "Z", "4": "A", "5": "S", "6": "G", "8": "B" };

type Kind = "letter" | "consonant" | "digit" | "any";

function kindAt(i: number, bornIn2000s: boolean | null): Kind {
  if (i <= 3 || i === 10 || i === 11 || i === 12) return "letter";
  // RENAPO's inner consonants (its own pattern: [B-DF-HJ-NP-TV-Z]); checkCurp takes any letter
  // there, and a vowel read there let the specimen's printed CURP, which fails its check digit,
  // be "mended" into GOVM800705MCLIAR01 (bench:identity, unseen part).
  if (i >= 13 && i <= 15) return "consonant";
  if (i === 16) return bornIn2000s === null ? "any" : bornIn2000s ? "letter" : "digit";
  return "digit";
}

function asKind(c: string, kind: Kind): string | null {
  if (kind === "consonant") return /^[B-DF-HJ-NP-TV-Z]$/.test(c) ? c : null;
  const digit = /\d/.test(c);
  if (kind === "any" || (kind === "digit") === digit) return c;
  return (kind === "digit" ? AS_DIGIT[c] : AS_LETTER[c]) ?? null;
}

/** The 18 places a run of 17–19 characters may stand for: as read, with one lost, or with one extra. */
function* alignments(token: string): Generator<(string | null)[]> {
  for (let start = 0; start + 17 <= token.length; start++) {
    const seventeen = [...token.slice(start, start + 17)];
    for (let gap = 0; gap <= 17; gap++) yield [...seventeen.slice(0, gap), null, ...seventeen.slice(gap)];
    if (start + 18 <= token.length) {
      const eighteen = [...token.slice(start, start + 18)];
      yield eighteen;
      if (start + 19 <= token.length) {
        const nineteen = [...token.slice(start, start + 19)];
        for (let extra = 0; extra < 19; extra++) yield nineteen.filter((_, i) => i !== extra);
      }
    }
  }
}

function mend(places: (string | null)[], expected: Map<number, string>, bornIn2000s: boolean | null): { curp: string; changes: number } | null {
  let changes = 0;
  let curp = "";
  for (let i = 0; i < 18; i++) {
    const fixed = expected.get(i);
    const kind = kindAt(i, bornIn2000s);
    const place = places[i] ?? null;
    const read = place === null ? null : asKind(place, kind);
    if (read === null) {
      // Lost, or no look-alike of the right kind: only the card can give it.
      if (fixed === undefined) return null;
      curp += fixed;
      changes++;
    } else if (fixed !== undefined && read !== fixed && kind !== "consonant") {
      // The card's word over the reading's, except for the inner consonants (see above).
      curp += fixed;
      changes++;
    } else curp += read;
    if (changes > MAX_CARD_CHANGES) return null;
  }
  return { curp, changes };
}

/**
 * The CURP mended from `texts` (what OCR read on the card, any pass) with the fewest changes the
 * card vouches for, or null when the card does not give its name letters and birth date, when no
 * run of characters mends into a valid CURP, or when two different ones mend as well.
 */
export function repairCurp(texts: string[], card: CardFacts): string | null {
  const expected = curpExpectedFromCard(card);
  if (![0, 1, 2, 3, 4, 5, 6, 7, 8, 9].every((i) => expected.has(i))) return null;
  const year = /^(\d{4})-/.exec(card.fecha_nacimiento ?? "")?.[1];
  const bornIn2000s = year ? Number(year) >= 2000 : null;
  let best: { curps: Set<string>; changes: number } = { curps: new Set(), changes: Infinity };
  for (const text of texts) {
    for (const token of text.toUpperCase().split(/[^A-Z0-9]+/)) {
      if (token.length < 17 || token.length > 24) continue;
      for (const places of alignments(token)) {
        const mended = mend(places, expected, bornIn2000s);
        if (!mended || mended.changes > best.changes || !checkCurp(mended.curp).valid) continue;
        if (mended.changes < best.changes) best = { curps: new Set([mended.curp]), changes: mended.changes };
        else best.curps.add(mended.curp);
      }
    }
  }
  return best.curps.size === 1 ? [...best.curps][0]! : null;
}

/**
 * The CURP with its 17th character of the kind the card's birth date asks for: RENAPO writes a
 * digit there for people born before 2000 and a letter from 2000 on, and small type reads the 0
 * as O (tune seed 5, INE's specimen at 307 px: GOVM800705MCLMLRO5, its birth date 05/07/1980 read
 * from another line). Each pass's parse mends that only where the same pass read the date
 * (lib/mx/ine-front): a narrow card's date comes from another pass or from where the layout
 * prints it. With no date read, the CURP's own year decides where the 2000s are yet to come (a
 * redrawn sample that prints no date, tune seed 11: GOVM800705MCLMLRO1 is 1980's); a year that
 * could be either leaves it as read. A character with no look-alike of that kind stays as read
 * (checkCurp judges it).
 */
export function withCenturyMark(curp: string | null, fechaNacimiento: string | null, now = new Date()): string | null {
  if (!curp || curp.length !== 18) return curp;
  const read = /^(\d{4})-/.exec(fechaNacimiento ?? "")?.[1];
  const yy = /^\d\d$/.test(curp.slice(4, 6)) ? Number(curp.slice(4, 6)) : null;
  const year = read ? Number(read) : yy !== null && 2000 + yy > now.getUTCFullYear() ? 1900 + yy : null;
  if (year === null) return curp;
  const mark = asKind(curp[16]!, kindAt(16, year >= 2000));
  return mark && mark !== curp[16] ? `${curp.slice(0, 16)}${mark}${curp.slice(17)}` : curp;
}

/**
 * The CURP with a vowel read where RENAPO writes an inner consonant (its 14th–16th characters:
 * each name's first inner consonant, X where there is none; never a vowel) given the consonant the
 * card's names fix there. Only where the CURP's first four letters are the names' own, so that
 * the names were read right: small type read the specimen's R as A in INE's redrawn financiera
 * sample (tune seeds 11 and 37: GOVM800705MCLMLAO1). The check digit cannot vouch for it there,
 * since the specimen's printed CURP fails its own; a CURP that passes its check digit has no vowel
 * in those places, so none changes. repairCurp fills these places only where a letter was lost.
 */
export function withInnerConsonants(curp: string | null, card: CardFacts): string | null {
  if (!curp || curp.length !== 18) return curp;
  const expected = curpExpectedFromCard(card);
  if (![0, 1, 2, 3].every((i) => expected.get(i) === curp[i])) return curp;
  return [...curp].map((c, i) => (i >= 13 && i <= 15 && /[AEIOU]/.test(c) && expected.get(i) ? expected.get(i)! : c)).join("");
}

/**
 * The CURP with the birth date the card prints twice over: where its YYMMDD (places 5–10) is not
 * the card's birth date, a clave de elector read on the card carries that date too, and the CURP
 * with the date put in still passes its check digit. A misread date digit passes it one time in
 * ten (the check digit weighs place 5 by 14, so a 7 read as 2 shifts the sum by 70: tune seed 5,
 * NUMI220716MYNXXT49 for NUMI720716MYNXXT49 on three pictures of one card, its date 16/07/1972
 * and its clave's 720716 read right). RENAPO writes the birth date there (Instructivo Normativo),
 * and two other reads of it agreeing outvote one; no more than two places change.
 */
export function withBirthDate(curp: string | null, fechaNacimiento: string | null, clavesRead: string[]): string | null {
  if (!curp || !fechaNacimiento || !checkCurp(curp).valid) return curp;
  const born = birthYymmdd(fechaNacimiento);
  const read = curp.slice(4, 10);
  if (read === born || !clavesRead.some((clave) => claveElectorParts(clave)?.born === born)) return curp;
  if ([...read].filter((c, i) => c !== born[i]).length > 2) return curp;
  const mended = `${curp.slice(0, 4)}${born}${curp.slice(10)}`;
  return checkCurp(mended).valid ? mended : curp;
}
