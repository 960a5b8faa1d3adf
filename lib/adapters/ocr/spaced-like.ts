import { plain } from "@/lib/mx/ine-front-labels";

/**
 * Paddle's line with the spaces, accents and Ñ of Tesseract's re-read of the same line, where the
 * two spell it differently. Paddle's recogniser often joins a line's words ("AVPASEODELAREFORMA")
 * and has no accents or Ñ; Tesseract keeps them but misreads more letters on small cards
 * (bench/identity.ts --engine). Aligning the two letter by letter (fewest edits) keeps every
 * letter Paddle read and takes from Tesseract only what sits between or on letters the two align:
 * a space before the letter Tesseract starts a word with (misread by one of them or not), and
 * Tesseract's accented or Ñ form of a letter Paddle read plain. Nothing is taken where the lines
 * differ in more than a fifth of their letters: those are not two readings of one line.
 */
export function spacedLike(paddle: string, tesseract: string): string {
  const p = [...paddle.replace(/\s+/g, "")];
  const words = tesseract.trim().split(/\s+/).filter(Boolean);
  const t = words.flatMap((w) => [...w]);
  if (!p.length || !t.length) return paddle;
  // Where each of Tesseract's words starts, by index into its letters.
  const starts = new Set<number>();
  words.reduce((at, w) => (starts.add(at), at + [...w].length), 0);
  const key = (c: string) => plain(c) || c;
  // Edit distances between the prefixes, then the alignment back from the end.
  const d = Array.from({ length: p.length + 1 }, (_, i) => Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= p.length; i++)
    for (let j = 1; j <= t.length; j++) d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (key(p[i - 1]!) === key(t[j - 1]!) ? 0 : 1));
  if (d[p.length]![t.length]! > Math.max(p.length, t.length) / 5) return paddle;
  // Paddle's own spaces stay: by index of the letter they precede.
  const paddleStarts = new Set<number>();
  paddle
    .trim()
    .split(/\s+/)
    .reduce((at, w) => (paddleStarts.add(at), at + [...w].length), 0);
  const out = [...p];
  const spaceBefore = new Set(paddleStarts);
  let [i, j] = [p.length, t.length];
  while (i > 0 && j > 0) {
    const same = key(p[i - 1]!) === key(t[j - 1]!);
    if (d[i]![j] === d[i - 1]![j - 1]! + (same ? 0 : 1)) {
      // Its capital, accented or not: a lower-case letter is Tesseract's noise, not the card's type.
      if (same && t[j - 1] === t[j - 1]!.toUpperCase()) out[i - 1] = t[j - 1]!;
      // A word's start on a letter one of the two misread is still where the word starts.
      if (starts.has(j - 1)) spaceBefore.add(i - 1);
      i--;
      j--;
    } else if (d[i]![j] === d[i - 1]![j]! + 1) i--;
    else j--;
  }
  return out.map((c, k) => (k > 0 && spaceBefore.has(k) ? ` ${c}` : c)).join("");
}
