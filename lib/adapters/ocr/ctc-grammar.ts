import { CURP_CHECK_ALPHABET, CURP_STATES } from "@/lib/mx/curp";

/**
 * Grammar-constrained best-path decoding of a CTC recogniser's output (PaddleOCR's, paddle-ocr.ts).
 * Greedy decoding takes the likeliest class at each time step; on 5–7 px type the right character
 * of a coded field is often the second choice (a CURP's G read as C, a 9 as 0). A coded field has
 * a grammar (the CURP's, RENAPO's; the clave de elector's), and the CURP a check digit: the best
 * path among those whose collapsed text holds a string of the grammar, with any text before and
 * after it (a label glued to its value, "CURPGOVM…"), is the Viterbi path over CTC's topology
 * (blank, repeats merged unless a blank parts them) × the grammar's automaton (Graves et al.,
 * "Connectionist Temporal Classification", ICML 2006, §3.2's best-path decoding, constrained).
 * The CURP's check digit is a state of the automaton (position × weighted sum mod 10), so every
 * path it returns passes its check digit.
 */

/** The characters the lattice keeps, lowercase folded into uppercase; then the blank and "other". */
export const LATTICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 /-.";
export const BLANK = LATTICE_CHARS.length;
export const OTHER = BLANK + 1;
export const LATTICE_CLASSES = OTHER + 1;
// Classes a path may emit (everything but the blank).
const EMIT = [...Array(LATTICE_CHARS.length).keys(), OTHER];

/**
 * A recognised box's log-probabilities: `steps` × LATTICE_CLASSES, row by row. Bounded: a box is
 * at most MAX_REC_WIDTH / 8 steps (paddle-ocr.ts), so at most 200 × 42 floats.
 */
export type Lattice = { steps: number; logp: Float32Array };

/**
 * A deterministic automaton over the lattice's classes: next[state × LATTICE_CLASSES + class], −1 where refused.
 * `opens`: moves the start state (and every state `restarts` marks: the end of a word of a lexicon,
 * lib/adapters/ocr/name-lexicon) may also take, beside its own. `finals`: the accepting states
 * when there are several (a lexicon's word ends); else `accept` alone.
 */
export type Grammar = { states: number; start: number; accept: number; next: Int32Array; opens: Int32Array; restarts?: Uint8Array; finals?: Uint8Array };

/**
 * An automaton from a step function over states named by keys. A string of `value` (the grammar's
 * body, from `first`) may have any text before it (the free start state) and after it (the free
 * accepting state).
 */
function compile<S>(first: S, key: (s: S) => string, step: (s: S, ch: string) => S | "done" | null): Grammar {
  const ids = new Map<string, number>([["before", 0], ["after", 1]]);
  const queue: S[] = [first];
  ids.set(key(first), 2);
  const edges: [number, number, number][] = [];
  for (let i = 0; i < queue.length; i++) {
    const s = queue[i]!;
    const from = ids.get(key(s))!;
    for (let c = 0; c < LATTICE_CHARS.length; c++) {
      const to = step(s, LATTICE_CHARS[c]!);
      if (to === null) continue;
      if (to === "done") {
        edges.push([from, c, 1]);
        continue;
      }
      const k = key(to);
      if (!ids.has(k)) {
        ids.set(k, ids.size);
        queue.push(to);
      }
      edges.push([from, c, ids.get(k)!]);
    }
  }
  const states = ids.size;
  const next = new Int32Array(states * LATTICE_CLASSES).fill(-1);
  for (const [from, c, to] of edges) next[from * LATTICE_CLASSES + c] = to;
  // Free text before and after: any class but the blank. The value's first character also ends the
  // text before it.
  for (const c of EMIT) {
    next[0 * LATTICE_CLASSES + c] = 0;
    next[1 * LATTICE_CLASSES + c] = 1;
  }
  // The text before may also give way to the value's first character: two moves on one class,
  // kept apart from `next` (the value's own first state is never entered).
  return { states, start: 0, accept: 1, next, opens: edgesFrom(edges, 2) };
}

function edgesFrom(edges: [number, number, number][], from: number): Int32Array {
  const opens = new Int32Array(LATTICE_CLASSES).fill(-1);
  for (const [f, c, to] of edges) if (f === from) opens[c] = to;
  return opens;
}

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGITS = "0123456789";
const is = (set: string) => (ch: string) => set.includes(ch);
// RENAPO's Instructivo Normativo (2006): the first surname's first inner vowel (X where it has
// none), the inner consonants [B-DF-HJ-NP-TV-Z] (X for Ñ or none), H/M (X since 2022).
const VOWEL = is("AEIOUX");
const CONSONANT = is("BCDFGHJKLMNPQRSTVWXYZ");
const LETTER = is(LETTERS);
const DIGIT = is(DIGITS);
const STATES = Object.keys(CURP_STATES);

type CurpState = { at: number; sum: number; held: string };

/**
 * The CURP's grammar (lib/mx/curp.ts): 4 letters (the second a vowel or X), YYMMDD with a month
 * 01–12 and a day 01–31 (the calendar is checked after, by checkCurp), H/M/X, a state code of
 * RENAPO's list, 3 inner consonants, the differentiator [0-9A-Z], and the check digit over the
 * first 17 (weights 18…2 on CURP_CHECK_ALPHABET's values). `fixed`: characters the rest of the
 * card gives (lib/mx/curp-card-agreement), by position; the automaton takes only them there.
 */
export function curpGrammar(fixed: ReadonlyMap<number, string> = new Map(), checked = true): Grammar {
  const key = `${checked ? "" : "unchecked "}${[...fixed].sort(([a], [b]) => a - b).map(([i, c]) => `${i}${c}`).join(",")}`;
  let grammar = compiled.get(key);
  if (!grammar) {
    grammar = compile<CurpState>(
      { at: 0, sum: 0, held: "" },
      (s) => `${s.at}:${s.sum}:${s.held}`,
      (s, ch) => {
        if (!curpCharFits(s, ch) || (fixed.has(s.at) && fixed.get(s.at) !== ch)) return null;
        if (s.at === 17) return ch === String((10 - s.sum) % 10) || !checked ? "done" : null;
        const sum = checked ? (s.sum + CURP_CHECK_ALPHABET.indexOf(ch) * (18 - s.at)) % 10 : 0;
        // Only the month's, the day's and the state's first character matter to the next one.
        const held = s.at === 6 || s.at === 8 || s.at === 11 ? ch : "";
        return { at: s.at + 1, sum, held };
      },
    );
    // A front's cards are few; the cache is kept small all the same.
    if (compiled.size >= 64) compiled.delete(compiled.keys().next().value!);
    compiled.set(key, grammar);
  }
  return grammar;
}
const compiled = new Map<string, Grammar>();

export const CURP_GRAMMAR = curpGrammar();

function curpCharFits(s: CurpState, ch: string): boolean {
  switch (s.at) {
    case 1:
      return VOWEL(ch);
    case 0:
    case 2:
    case 3:
      return LETTER(ch);
    case 6:
      return ch === "0" || ch === "1";
    case 7:
      return s.held === "0" ? DIGIT(ch) && ch !== "0" : is("012")(ch);
    case 8:
      return is("0123")(ch);
    case 9:
      return s.held === "0" ? DIGIT(ch) && ch !== "0" : s.held === "3" ? is("01")(ch) : DIGIT(ch);
    case 10:
      return is("HMX")(ch);
    case 11:
      return STATES.some((code) => code[0] === ch);
    case 12:
      return STATES.includes(`${s.held}${ch}`);
    case 13:
    case 14:
    case 15:
      return CONSONANT(ch);
    case 16:
      return LETTER(ch) || DIGIT(ch);
    default:
      return DIGIT(ch);
  }
}

type ClaveState = { at: number; held: string };

/**
 * The clave de elector's grammar (lib/mx/ine-front.ts CLAVE_PATTERN, LLLLLLDDDDDDDDSDDD): 6
 * letters, the birth date YYMMDD, the state of birth 01–32 (INE's numbering of the 32 entidades),
 * H or M, 3 digits. `fixed`: characters the rest of the card gives, by position (as curpGrammar's).
 */
export function claveGrammar(fixed: ReadonlyMap<number, string> = new Map()): Grammar {
  const key = `clave ${[...fixed].sort(([a], [b]) => a - b).map(([i, c]) => `${i}${c}`).join(",")}`;
  let grammar = compiled.get(key);
  if (!grammar) {
    grammar = compile<ClaveState>(
      { at: 0, held: "" },
      (s) => `${s.at}:${s.held}`,
      (s, ch) => {
        if (!claveCharFits(s, ch) || (fixed.has(s.at) && fixed.get(s.at) !== ch)) return null;
        if (s.at === 17) return "done";
        return { at: s.at + 1, held: s.at === 8 || s.at === 10 || s.at === 12 ? ch : "" };
      },
    );
    if (compiled.size >= 64) compiled.delete(compiled.keys().next().value!);
    compiled.set(key, grammar);
  }
  return grammar;
}
export const CLAVE_GRAMMAR = claveGrammar();

/**
 * The box spelling `text`'s letters and digits in order (lattice characters; anything else in it
 * dropped), with spaces and punctuation free before, between and after them: the whole box, as a
 * lexicon's grammar takes it (`finals`). Decoded, its cost over the greedy path is how much less
 * likely than its own reading the recogniser finds another engine's reading of the same box, its
 * spacing and punctuation aside (paddle-front-reader: Tesseract's reread of an address line).
 */
export function spellingGrammar(text: string): Grammar {
  const letters = [...text].map((ch) => LATTICE_CHARS.indexOf(ch)).filter((c) => c >= 0 && !SEPARATORS.includes(c));
  // State 0 before the first letter, state 1 unused (decodeWithGrammar's free text after a value),
  // state i + 1 after the i-th letter.
  const at = (i: number) => (i === 0 ? 0 : i + 1);
  const states = letters.length + 2;
  const C = LATTICE_CLASSES;
  const next = new Int32Array(states * C).fill(-1);
  for (let i = 0; i <= letters.length; i++) {
    for (const c of SEPARATORS) next[at(i) * C + c] = at(i);
    if (i < letters.length) next[at(i) * C + letters[i]!] = at(i + 1);
  }
  const finals = new Uint8Array(states);
  finals[at(letters.length)] = 1;
  return { states, start: 0, accept: at(letters.length), next, opens: Int32Array.from({ length: C }, (_, c) => next[c]!), finals };
}
// The space, the punctuation the lattice keeps, and everything it folds into "other" (a comma).
const SEPARATORS = [..." /-."].map((ch) => LATTICE_CHARS.indexOf(ch)).concat(OTHER);

function claveCharFits(s: ClaveState, ch: string): boolean {
  if (s.at < 6) return LETTER(ch);
  if (s.at === 14) return ch === "H" || ch === "M";
  if (!DIGIT(ch)) return false;
  if (s.at === 8) return ch === "0" || ch === "1";
  if (s.at === 9) return s.held === "0" ? ch !== "0" : is("012")(ch);
  if (s.at === 10) return is("0123")(ch);
  if (s.at === 11) return s.held === "0" ? ch !== "0" : s.held === "3" ? is("01")(ch) : true;
  if (s.at === 12) return is("0123")(ch);
  if (s.at === 13) return s.held === "0" ? ch !== "0" : s.held === "3" ? is("012")(ch) : true;
  return true;
}

/**
 * Each state's moves as lists (class, target), in class order, next before opens; and the classes
 * a path can end with in each state. The decoder walks these instead of every class of every
 * state: a lexicon's automaton has over a thousand states, each with a few moves.
 */
type Moves = { outs: Int32Array[]; ins: Int32Array[]; slot: Int32Array; slots: number };
const movesOf = new WeakMap<Grammar, Moves>();
function moves(grammar: Grammar): Moves {
  let m = movesOf.get(grammar);
  if (m) return m;
  const C = LATTICE_CLASSES;
  const outs: number[][] = Array.from({ length: grammar.states }, () => []);
  const ins = Array.from({ length: grammar.states }, () => new Set<number>());
  for (let q = 0; q < grammar.states; q++) {
    const opening = q === grammar.start || grammar.restarts?.[q] === 1;
    for (const c of EMIT) {
      for (const to of [grammar.next[q * C + c]!, opening ? grammar.opens[c]! : -1]) {
        if (to < 0) continue;
        outs[q]!.push(c, to);
        ins[to]!.add(c);
      }
    }
  }
  // A char cell per (state, class it can end with), numbered densely: the tables are steps × cells
  // rather than steps × states × classes.
  const slot = new Int32Array(grammar.states * C).fill(-1);
  let slots = 0;
  ins.forEach((set, q) => [...set].sort((a, b) => a - b).forEach((c) => (slot[q * C + c] = slots++)));
  m = { outs: outs.map((o) => Int32Array.from(o)), ins: ins.map((i) => Int32Array.from([...i].sort((a, b) => a - b))), slot, slots };
  movesOf.set(grammar, m);
  return m;
}

function secondBest(ch: Float64Array, q: number, not: number, ins: Int32Array, slot: Int32Array): number {
  let [v, a] = [-Infinity, -1];
  for (const c of ins) if (c !== not && ch[slot[q * LATTICE_CLASSES + c]!]! > v) [v, a] = [ch[slot[q * LATTICE_CLASSES + c]!]!, c];
  return a;
}

/**
 * The best path whose text holds a string of the grammar: that string, the path's log-probability
 * over the steps from the string's first character to its last (every step for a grammar with
 * `finals`, whose value is the whole box), and the greedy path's over the same steps (never less: the greedy path is the best unconstrained one). Null when no path fits
 * (a box too short for the grammar).
 */
export function decodeWithGrammar(lattice: Lattice, grammar: Grammar): { value: string; logp: number; greedyLogp: number } | null {
  const { steps, logp } = lattice;
  const { states } = grammar;
  const { outs, ins, slot, slots } = moves(grammar);
  const C = LATTICE_CLASSES;
  const NEG = -Infinity;
  // Scores of paths ending in a blank (b) or in class c (ch) in each state; back pointers per step.
  let b = new Float64Array(states).fill(NEG);
  let ch = new Float64Array(slots).fill(NEG);
  b[grammar.start] = 0;
  // Back pointer of a char cell: −1 a repeat of itself; else from × (C + 1) + (class before, or C for a blank).
  const backChar = new Int32Array(steps * slots);
  const backBlank = new Int32Array(steps * states);
  const best1 = new Float64Array(states);
  const arg1 = new Int32Array(states);
  const best2 = new Float64Array(states);
  for (let t = 0; t < steps; t++) {
    const row = t * C;
    const nb = new Float64Array(states).fill(NEG);
    const nch = new Float64Array(slots).fill(NEG);
    for (let q = 0; q < states; q++) {
      // The two best char endings of q: an emission of c follows the best that is not c.
      let [v1, a1, v2] = [NEG, -1, NEG];
      for (const c of ins[q]!) {
        const v = ch[slot[q * C + c]!]!;
        if (v > v1) [v2, v1, a1] = [v1, v, c];
        else if (v > v2) v2 = v;
      }
      best1[q] = v1;
      arg1[q] = a1;
      best2[q] = v2;
      // Blank: from q's blank or its best char.
      const from = b[q]! >= v1 ? C : a1;
      const stay = Math.max(b[q]!, v1);
      if (stay > NEG) {
        nb[q] = stay + logp[row + BLANK]!;
        backBlank[t * states + q] = from;
      }
      // Repeats: a class held over steps stays one character.
      for (const c of ins[q]!) {
        const at = slot[q * C + c]!;
        const v = ch[at]!;
        if (v > NEG) {
          nch[at] = v + logp[row + c]!;
          backChar[t * slots + at] = -1;
        }
      }
    }
    // Emissions: class c after q's blank or after its best char that is not c (CTC needs a blank
    // between two equal characters).
    for (let q = 0; q < states; q++) {
      if (b[q] === NEG && best1[q] === NEG) continue;
      const out = outs[q]!;
      for (let k = 0; k < out.length; k += 2) {
        const [c, to] = [out[k]!, out[k + 1]!];
        const prevChar = arg1[q] === c ? best2[q]! : best1[q]!;
        const useBlank = b[q]! >= prevChar;
        const prev = useBlank ? b[q]! : prevChar;
        if (prev === NEG) continue;
        const v = prev + logp[row + c]!;
        const at = slot[to * C + c]!;
        if (v <= nch[at]!) continue;
        nch[at] = v;
        const before = useBlank ? C : arg1[q] === c ? secondBest(ch, q, c, ins[q]!, slot) : arg1[q]!;
        backChar[t * slots + at] = q * (C + 1) + before;
      }
    }
    b = nb;
    ch = nch;
  }
  // The best ending in the accepting state, then back along the pointers.
  let [q, cls, score] = [grammar.accept, C, NEG];
  for (let f = 0; f < states; f++) {
    if (grammar.finals ? grammar.finals[f] !== 1 : f !== grammar.accept) continue;
    if (b[f]! > score) [q, cls, score] = [f, C, b[f]!];
    for (const c of ins[f]!) if (ch[slot[f * C + c]!]! > score) [q, cls, score] = [f, c, ch[slot[f * C + c]!]!];
  }
  if (score === NEG) return null;
  const path = new Int32Array(steps);
  const emitted: { t: number; c: number; from: number; to: number }[] = [];
  for (let t = steps - 1; t >= 0; t--) {
    path[t] = cls;
    if (cls === C) {
      cls = backBlank[t * states + q]!;
      continue;
    }
    const back = backChar[t * slots + slot[q * C + cls]!]!;
    if (back === -1) continue;
    const from = Math.floor(back / (C + 1));
    emitted.push({ t, c: cls, from, to: q });
    [q, cls] = [from, back % (C + 1)];
  }
  emitted.reverse();
  // The value: what the grammar's body emitted (from the text before to the text after).
  const body = emitted.filter((e) => !(e.from === 0 && e.to === 0) && e.from !== 1);
  if (!body.length) return null;
  // A grammar with no free text around its value (a lexicon's: the box is the value) is costed
  // over every step: characters the path drops to blanks before its first or after its last
  // character are part of the reading too (CULOS read as LOS cost nothing over LOS's own steps).
  const [start, end] = grammar.finals ? [0, steps - 1] : [body[0]!.t, body.at(-1)!.t];
  let [on, greedy] = [0, 0];
  for (let t = start; t <= end; t++) {
    const r = t * C;
    on += logp[r + (path[t] === C ? BLANK : path[t]!)]!;
    let m = NEG;
    for (let c = 0; c < C; c++) m = Math.max(m, logp[r + c]!);
    greedy += m;
  }
  return { value: body.map((e) => LATTICE_CHARS[e.c]).join(""), logp: on, greedyLogp: greedy };
}
