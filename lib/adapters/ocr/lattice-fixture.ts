import { BLANK, LATTICE_CHARS, LATTICE_CLASSES, OTHER, type Lattice } from "./ctc-grammar";
import { greedyText } from "./small-type";

/**
 * For tests: a recogniser's output as CTC lays it out, each character over two steps then a blank
 * step. A character written "G>C" is read C first (0.55) and G second (0.35), "G>>C" with G a faint
 * second (0.02: about 6.6 nats dearer than the greedy path over its two steps); "?" is a class
 * outside the lattice's characters (a Chinese one), "_" the blank ("I>_": an I read as nothing);
 * the rest of each step goes to "other".
 */
export function latticeOf(chars: string[]): Lattice {
  const rows: number[][] = [];
  const row = (first: number, p1: number, second?: number, p2 = 0) => {
    const r = Array<number>(LATTICE_CLASSES).fill(1e-6);
    r[OTHER] = Math.max(1e-6, 1 - p1 - p2);
    r[first] = p1;
    if (second !== undefined) r[second] = p2;
    return r;
  };
  const index = (c: string) => (c === "?" ? OTHER : c === "_" ? BLANK : LATTICE_CHARS.indexOf(c));
  for (const spec of chars) {
    const faint = spec.includes(">>");
    const [right, misread] = spec.split(/>>?/);
    const r = misread ? row(index(misread), 0.55, index(right!), faint ? 0.02 : 0.35) : row(index(right!), 0.9);
    rows.push(r, r, row(BLANK, 0.9));
  }
  return { steps: rows.length, logp: Float32Array.from(rows.flat().map(Math.log)) };
}

/** The greedy reading of a lattice: the likeliest class at each step, repeats merged, blanks dropped. */
export const greedyOf = greedyText;
