/** A signature box in fractions of the page (0–1, origin top-left), as the API stores it. */
export type Box = { page: number; x: number; y: number; width: number; height: number };

/** The size a click gives: about a handwritten signature on a letter-size page. */
export const DEFAULT_BOX = { width: 0.3, height: 0.08 };
/** Smaller than this a drag is taken as a click. */
export const MIN_BOX = { width: 0.04, height: 0.02 };

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
// Four decimals: a tenth of a millimetre on a letter page, and short JSON.
const round = (v: number) => Math.round(v * 10_000) / 10_000;

/** Keeps a box inside its page (the API refuses one that sticks out). */
export function fitBox(box: Box): Box {
  const width = clamp(box.width, MIN_BOX.width, 1);
  const height = clamp(box.height, MIN_BOX.height, 1);
  return { page: box.page, x: round(clamp(box.x, 0, 1 - width)), y: round(clamp(box.y, 0, 1 - height)), width: round(width), height: round(height) };
}

/** A default-size box centred on a point of the page. */
export function boxAt(page: number, x: number, y: number): Box {
  return fitBox({ page, x: x - DEFAULT_BOX.width / 2, y: y - DEFAULT_BOX.height / 2, ...DEFAULT_BOX });
}

/** The box a drag from one corner to another draws; a tiny drag is a click. */
export function boxBetween(page: number, a: { x: number; y: number }, b: { x: number; y: number }): Box {
  const width = Math.abs(b.x - a.x);
  const height = Math.abs(b.y - a.y);
  if (width < MIN_BOX.width || height < MIN_BOX.height) return boxAt(page, b.x, b.y);
  return fitBox({ page, x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width, height });
}

/** positions as the API returns them (serialized JSON, or null). */
export function parsePositions(positions: string | null): Box[] {
  if (!positions) return [];
  try {
    const parsed: unknown = JSON.parse(positions);
    return Array.isArray(parsed) ? (parsed as Box[]) : [];
  } catch {
    return [];
  }
}

/** A colour per signer, so boxes on a page say whose they are. */
export const SIGNER_COLOURS = [
  { border: "border-sky-600", bg: "bg-sky-500/20", swatch: "bg-sky-600" },
  { border: "border-amber-600", bg: "bg-amber-500/20", swatch: "bg-amber-600" },
  { border: "border-emerald-600", bg: "bg-emerald-500/20", swatch: "bg-emerald-600" },
  { border: "border-fuchsia-600", bg: "bg-fuchsia-500/20", swatch: "bg-fuchsia-600" },
  { border: "border-orange-700", bg: "bg-orange-500/20", swatch: "bg-orange-700" },
  { border: "border-indigo-600", bg: "bg-indigo-500/20", swatch: "bg-indigo-600" },
] as const;

export const signerColour = (index: number) => SIGNER_COLOURS[index % SIGNER_COLOURS.length]!;
