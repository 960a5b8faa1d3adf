import { distance } from "@/lib/mx/ine-front-labels";

/**
 * The address's lines the best pass skipped, taken from the passes that read them. The passes read
 * the card at other sizes and thresholds, and one may skip a line over the guilloche: the best
 * pass of INE's redrawn financiera sample (tune seed 11, glare) kept «C PITAGORAS 1253 INT. 4» and
 * «CUAJIMALPA DE MORELOS, D.F.», the colonia's line between them read by the passes after it.
 *
 * `candidates` are the passes' address lines, best pass first. The lines are put in slots after
 * the pass that read most lines (the best one on a tie), each line in the slot it is nearest to
 * (at most half its characters apart, in order). A slot the best pass read keeps its line; one it
 * did not read takes, where two passes or more read it, the reading nearest to the others (the
 * medoid); one only a single pass read is left out (a label or a stamp read as a line), unless
 * the address would be a single line without it. Where a
 * line of the best pass fits no slot, the passes read the card too differently to be put
 * together: its address stays.
 *
 * The best pass's lines are not outvoted: tried, the passes after it (thresholded, other sizes)
 * misread a blurred card's line alike where the best pass read it right (tune seeds 5 and 37,
 * INE's specimen: «COL. MORELOS 04800» outvoted by «¿AX MORELOS 04800», «CA MORELOS 04800»), as
 * often as they mended a digit (two pictures of seed 5). Only a line of the best pass cut short
 * (`cutShort`) gives way, to the best-ranked pass that read the same line on to its end.
 */
export function votedAddress(candidates: string[][]): string[] | null {
  const read = candidates.filter((lines) => lines.length > 0);
  const best = read[0];
  if (!best || read.length < 2) return best ?? null;
  const skeleton = read.reduce((most, lines) => (lines.length > most.length ? lines : most), best);
  const slots: { line: string; rank: number }[][] = skeleton.map(() => []);
  for (const [rank, lines] of read.entries()) {
    const placed = place(lines, skeleton);
    if (!placed && rank === 0) return best;
    placed?.forEach((slot, i) => slots[slot]!.push({ line: lines[i]!, rank }));
  }
  const voted = (votes: number) =>
    slots.flatMap((readings) => {
      const ofBest = readings.find((r) => r.rank === 0);
      return ofBest ? [cutShort(ofBest.line) ? (whole(ofBest.line, readings) ?? ofBest.line) : ofBest.line] : readings.length >= votes ? [medoid(readings)] : [];
    });
  // INE prints at least two lines, the street and the municipio or estado: an address of one line
  // takes the lines a single pass read as well (tune seed 5: glare over a 2014 front's last two
  // lines, which only Paddle's pass read).
  const agreed = voted(2);
  return agreed.length >= 2 ? agreed : voted(1);
}

/**
 * A line that ends on INT. or NO. without the number INE prints after it («C PITAGORAS 1253
 * INT» for the specimen's «C PITAGORAS 1253 INT. 4», tune seed 37: the recogniser lost the small
 * 4 beside the guilloche; Paddle's «CPITAGORAS1253INT», its words run together). The label is
 * never the last word of a line the card prints.
 */
export const cutShort = (line: string) => /(?<![A-ZÑ])(?:INT|NO)\.?$/.test(line.trim());

/** An address one of whose lines was read cut short: another pass may read it whole. */
export const addressCutShort = (address: string) => address.split(/\s*,\s*/).some(cutShort);

/** The best-ranked reading (readings come in rank order) that goes on where `short` stops, its start at most a character off (spaces aside: Paddle runs words together). */
function whole(short: string, readings: { line: string; rank: number }[]): string | undefined {
  const bare = (line: string) => line.replace(/\s+/g, "");
  const start = bare(short).replace(/\.$/, "");
  return readings.find((r) => !cutShort(r.line) && bare(r.line).length > start.length && distance(bare(r.line).slice(0, start.length), start) <= 1)?.line;
}

/** The skeleton's slot of each line, in order, or null when a line is near none after the one before. */
function place(lines: string[], skeleton: string[]): number[] | null {
  const out: number[] = [];
  let from = 0;
  for (const line of lines) {
    let chosen = -1;
    let nearest = Infinity;
    for (let s = from; s < skeleton.length; s++) {
      const apart = distance(line, skeleton[s]!) / Math.max(line.length, skeleton[s]!.length, 1);
      if (apart <= MOST_APART && apart < nearest) [chosen, nearest] = [s, apart];
    }
    if (chosen < 0) return null;
    out.push(chosen);
    from = chosen + 1;
  }
  return out;
}
const MOST_APART = 0.5;

/** The reading with the least distance to the others, the better-ranked pass's on a tie. */
function medoid(readings: { line: string; rank: number }[]): string {
  const cost = (r: { line: string }) => readings.reduce((sum, o) => sum + distance(r.line, o.line), 0);
  return [...readings].sort((a, b) => cost(a) - cost(b) || a.rank - b.rank)[0]!.line;
}
