import { asInePrints } from "@/lib/mx/ine-spelling";
import { LATTICE_CHARS, LATTICE_CLASSES, type Grammar } from "./ctc-grammar";

/**
 * A lexicon of Mexican given names and surnames, as an automaton for CTC decoding
 * (lib/adapters/ocr/ctc-grammar): one or more of its words, with or without a space between them
 * (Paddle's recogniser often drops the space on small type). Its source is @faker-js/faker's es_MX
 * locale (MIT, maintained by the faker community; person.first_name female and male, middle_name
 * and last_name), independent of the synthetic people the bench draws (bench/synthetic-people).
 * Words are written as INE's cards print them: capitals without accents, Ñ kept (INE's specimen
 * prints GOMEZ VELAZQUEZ). Paddle's dictionary has no Ñ (paddle-ocr.ts: it reads MUÑOZ as MUNOZ),
 * so the automaton reads a Ñ as an N and the word is spelt back with its Ñ.
 */

// Words of a compound name the card prints on its own, and the abbreviations of MARÍA and JOSÉ
// (RENAPO's Instructivo Normativo lists MA. and J. among the given names it skips).
export const PARTICLES = ["DE", "DEL", "LA", "LAS", "LOS", "Y", "MA", "J"];

/** Capitals without accents, Ñ kept, one space between words: how an INE front prints a name. */
export function cardSpelling(name: string): string {
  return asInePrints(name)
    .replace(/[^A-ZÑ ]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The letters the lattice can hold: a card spelling's Ñ as N, spaces and the rest dropped. */
export const latticeLetters = (name: string) => cardSpelling(name).replace(/Ñ/g, "N").replace(/ /g, "");

export type NameLexicon = {
  /** Each word's lattice letters → its card spelling (MUNOZ → MUÑOZ). */
  words: Map<string, string>;
  grammar: Grammar;
};

/**
 * The lexicon's automaton: a trie of its words with the states of equal futures merged (a
 * minimal acyclic automaton, Daciuk et al., "Incremental construction of minimal acyclic finite-
 * state automata", Computational Linguistics 26(1), 2000: here built whole and then merged), every
 * word end accepting and opening another word, after a space or directly. State 0 is the root
 * (the start: no text before a name), state 1 is left unused (decodeWithGrammar reads state 1 as
 * the free text after a value).
 */
export function compileLexicon(names: Iterable<string>): NameLexicon {
  const words = new Map<string, string>();
  for (const name of names) {
    for (const word of cardSpelling(name).split(" ")) {
      const key = word.replace(/Ñ/g, "N");
      // Two spellings of one key (PENA and PEÑA): the one without Ñ, which the card may print as
      // well, is kept: the lexicon never adds a Ñ the reading cannot see.
      if (key.length && (!words.has(key) || !word.includes("Ñ"))) words.set(key, word);
    }
  }
  type Node = { next: Map<number, Node>; end: boolean; id?: number };
  const root: Node = { next: new Map(), end: false };
  for (const key of words.keys()) {
    let node = root;
    for (const ch of key) {
      const c = LATTICE_CHARS.indexOf(ch);
      if (!node.next.has(c)) node.next.set(c, { next: new Map(), end: false });
      node = node.next.get(c)!;
    }
    node.end = true;
  }
  // Merge the nodes with equal futures, children first.
  const register = new Map<string, number>();
  const kept: Node[] = [];
  const merge = (node: Node): number => {
    for (const [c, child] of node.next) node.next.set(c, kept[merge(child)]!);
    if (node === root) return -1;
    const signature = `${node.end ? 1 : 0}|${[...node.next].map(([c, child]) => `${c}:${child.id}`).join(",")}`;
    const found = register.get(signature);
    if (found !== undefined) return found;
    node.id = kept.length + 2;
    register.set(signature, kept.length);
    kept.push(node);
    return kept.length - 1;
  };
  // Children are merged before their parent: recursion depth is a word's length.
  merge(root);
  root.id = 0;
  const states = kept.length + 2;
  const C = LATTICE_CLASSES;
  const next = new Int32Array(states * C).fill(-1);
  const restarts = new Uint8Array(states);
  const finals = new Uint8Array(states);
  const space = LATTICE_CHARS.indexOf(" ");
  for (const node of [root, ...kept]) {
    const q = node.id!;
    for (const [c, child] of node.next) next[q * C + c] = child.id!;
    if (node.end) {
      restarts[q] = 1;
      finals[q] = 1;
      next[q * C + space] = 0;
    }
  }
  const opens = Int32Array.from({ length: C }, (_, c) => next[c]!);
  return { words, grammar: { states, start: 0, accept: 0, next, opens, restarts, finals } };
}

/**
 * The lattice letters split into lexicon words (fewest words first), or null where they are not a
 * sequence of them. Spaces in `text` are kept as word boundaries.
 */
export function lexiconWords(text: string, lexicon: NameLexicon): string[] | null {
  const out: string[] = [];
  for (const part of cardSpelling(text).replace(/Ñ/g, "N").split(" ")) {
    if (!part) continue;
    // Fewest words covering part[0..i).
    const best: (string[] | null)[] = [[]];
    for (let i = 1; i <= part.length; i++) {
      best[i] = null;
      for (let j = 0; j < i; j++) {
        const word = part.slice(j, i);
        if (best[j] && lexicon.words.has(word) && (!best[i] || best[j]!.length + 1 < best[i]!.length)) best[i] = [...best[j]!, word];
      }
    }
    if (!best[part.length]) return null;
    out.push(...best[part.length]!);
  }
  return out.length ? out : null;
}

/** A lexicon reading spelt as the card prints it: its words with their Ñ, one space apart. */
export function spellFromLexicon(text: string, lexicon: NameLexicon): string | null {
  return lexiconWords(text, lexicon)?.map((w) => lexicon.words.get(w)!).join(" ") ?? null;
}

/**
 * How the bench switches the lexicon (bench/identity.ts: RUBRICA_LEXICON=0 turns it off;
 * RUBRICA_LEXICON_LEAVE_OUT=1 takes each picture's own names out of it before reading it, to
 * count the harm on names it does not hold). The app never changes it.
 */
export const lexiconSettings: { enabled: boolean; leftOut: string[]; log?: (entry: { field: string; read: string; reading: string; cost: number; plausible: boolean; agrees: boolean; taken: boolean; corroborated?: boolean }) => void } = {
  enabled: true,
  leftOut: [],
};

let loaded: Promise<string[]> | undefined;
let built: { key: string; lexicon: NameLexicon } | undefined;

/** faker's es_MX names and the particles: loaded at the first name read, once. */
function fakerNames(): Promise<string[]> {
  loaded ??= import("@faker-js/faker/locale/es_MX").then(({ faker }) => {
    const person = faker.rawDefinitions.person ?? {};
    const lists = [person.first_name, person.middle_name, person.last_name].flatMap((d) => (d ? Object.values(d as Record<string, string[] | null>) : []));
    return [...lists.flatMap((l) => l ?? []), ...PARTICLES];
  });
  return loaded;
}

/** The lexicon (without the words lexiconSettings leaves out), compiled once. */
export async function nameLexicon(): Promise<NameLexicon> {
  const names = await fakerNames();
  const out = new Set(lexiconSettings.leftOut.flatMap((n) => cardSpelling(n).split(" ")));
  const key = [...out].sort().join(" ");
  if (built?.key !== key) built = { key, lexicon: compileLexicon(names.filter((n) => !cardSpelling(n).split(" ").some((w) => out.has(w)))) };
  return built.lexicon;
}
