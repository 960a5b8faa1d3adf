import sharp from "sharp";
import { untrustedImage } from "@/lib/adapters/image-input";
import { free, opencv, type Cv } from "./opencv";

/**
 * Finds an ID card (ISO/IEC 7810 ID-1, 85.60 × 53.98 mm, as INE's credential is) in a photo: its
 * outline on the table, hand or cloth around it, its corners, and the card alone seen straight on
 * at one canonical size. The readers then find a card's fields at the same place and type size
 * whatever the picture was: a phone photo at an angle, a 300 px thumbnail, or a clean scan.
 *
 * How (OpenCV, lib/adapters/vision/opencv): on a copy WORK px wide (larger or smaller), edges (Canny) closed
 * into outlines, the largest outline that is a convex quadrilateral of a card's proportions (or
 * nearly fills its bounding rotated rectangle) is the card. The perspective is undone from the
 * original pixels with Lanczos resampling (8×8 taps), which also enlarges a small card without
 * the blocky or smeared strokes that nearest or bilinear enlargement give the OCR.
 */
export type FoundCard = {
  /** The card, straight on, CARD_WIDTH × CARD_HEIGHT (or turned a quarter: portrait), RGBA PNG. */
  card: Buffer;
  /**
   * Where it was: its outline in a photo, the card warped straight ("outline"); an outline
   * already straight (a scan, a render, a card squarely shot), the card cut out as it is
   * ("crop"); no outline, the whole picture taken as the card ("whole").
   */
  by: "outline" | "crop" | "whole";
  /** The picture's size, upright (EXIF applied). */
  pictureWidth: number;
  pictureHeight: number;
  /** The share of the picture the card covers (0–1). */
  coverage: number;
  /** The card's width in the picture's own pixels, before enlargement: what the camera gave. */
  sourceWidth: number;
  /**
   * Sharpness: the variance of the Laplacian of the card's inside in grey, at its own resolution
   * up to 500 px wide (a standard
   * focus measure: Pech-Pacheco et al., "Diatom autofocusing in brightfield microscopy", 2000).
   */
  sharpness: number;
};

export const CARD_WIDTH = 1012;
export const CARD_HEIGHT = 638;
const CARD_RATIO = 85.6 / 53.98;
const WORK = 800;

export async function findCard(image: Uint8Array): Promise<FoundCard> {
  const { data, info } = await untrustedImage(image).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const cv = await opencv();
  const source = cv.matFromArray(info.height, info.width, cv.CV_8UC4, data);
  try {
    const quad = outline(cv, source);
    const corners = quad ?? [0, 0, info.width, 0, info.width, info.height, 0, info.height];
    const [tl, tr, br, bl] = pairs(corners);
    const width = (dist(tl!, tr!) + dist(bl!, br!)) / 2;
    const height = (dist(tl!, bl!) + dist(tr!, br!)) / 2;
    // A card photographed sideways stays sideways: the reader turns it (read-ine-front's upright).
    const [w, h] = width >= height ? [CARD_WIDTH, CARD_HEIGHT] : [CARD_HEIGHT, CARD_WIDTH];
    const card = warp(cv, source, corners, w, h);
    const focus = sharpness(cv, card, w, h, Math.max(width, height));
    const straight = quad && isStraight(quad);
    // A straight card is cut out as it is: no resampling, its own proportions (some renders of
    // the specimen are not drawn at 1.586); the reader enlarges it.
    const png = straight ? (card.delete(), await cutOut(data, info.width, info.height, quad)) : await toPng(card, w, h);
    return { card: png, by: !quad ? "whole" : straight ? "crop" : "outline", pictureWidth: info.width, pictureHeight: info.height, coverage: Math.min(1, (width * height) / (info.width * info.height)), sourceWidth: Math.round(Math.max(width, height)), sharpness: focus };
  } finally {
    source.delete();
  }
}

const dist = (a: readonly [number, number], b: readonly [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);
const pairs = (xy: number[]) => [0, 1, 2, 3].map((i) => [xy[2 * i]!, xy[2 * i + 1]!] as const);

/**
 * The card's four corners (clockwise from top left, in the picture's pixels), or null when no
 * outline of a card's shape covers enough of the picture (a picture that is the card, edge to
 * edge, has no outline to find: it is read whole).
 */
function outline(cv: Cv, source: InstanceType<Cv["Mat"]>): number[] | null {
  // A small picture is enlarged to WORK too (bicubic): at its own 320–480 px the 5 px blur and
  // closing below are a large share of a card 200–300 px wide, and on wood they merged the card's
  // edge with the grain (no outline, or one that took in the table: find-card.test.ts).
  const scale = WORK / Math.max(source.cols, source.rows);
  const small = new cv.Mat();
  const grey = new cv.Mat();
  const greyEdges = new cv.Mat();
  const colourEdges = new cv.Mat();
  const channels = new cv.MatVector();
  const channelEdges = new cv.Mat();
  try {
    cv.resize(source, small, new cv.Size(Math.round(source.cols * scale), Math.round(source.rows * scale)), 0, 0, scale < 1 ? cv.INTER_AREA : cv.INTER_CUBIC);
    cv.cvtColor(small, grey, cv.COLOR_RGBA2GRAY);
    cv.GaussianBlur(grey, grey, new cv.Size(5, 5), 0);
    cv.Canny(grey, greyEdges, 30, 90);
    // The edges of each colour channel too: INE's grey header on a brown table or a hand is
    // nearly the same brightness, and in grey the card's top edge was lost there (the outline then
    // followed the header's lower curve, a tenth of the card too low at one corner, and the values
    // landed off their places). In colour the wood's grain shows as well and may join the card's
    // edge: the outline of each map is found, and one whose sides lie on edges decides (below).
    cv.split(small, channels);
    greyEdges.copyTo(colourEdges);
    for (let c = 0; c < 3; c++) {
      const channel = channels.get(c);
      cv.GaussianBlur(channel, channel, new cv.Size(5, 5), 0);
      cv.Canny(channel, channelEdges, 30, 90);
      cv.bitwise_or(colourEdges, channelEdges, colourEdges);
      channel.delete();
    }
    const quads = [...quadsOf(cv, greyEdges), ...quadsOf(cv, colourEdges)];
    const supports = quads.map((q) => support(colourEdges, q));
    const areas = quads.map((q) => quadArea(q));
    // The grey outline, as before, unless another lies on edges at least as well and takes in
    // more of the picture (2% more: a corner's pixel or two is no reason to change). Nearly as
    // well was not enough: a dark stripe of cloth joined to a card's corner lay on edges too.
    const larger = quads
      .map((q, i) => ({ q, support: supports[i]!, area: areas[i]! }))
      .filter((c) => c.support >= supports[0]! && c.area > 1.02 * areas[0]!)
      .sort((a, b) => b.area - a.area)[0]?.q;
    const best = larger ?? quads[0] ?? texturelessQuad(cv, grey, channels);
    return best ? widen(order(best)).map((v) => v / scale) : null;
  } finally {
    free(small, grey, greyEdges, colourEdges, channels, channelEdges);
  }
}

/**
 * The card's outline where none was found in the edges: a cloth's stripes or weave a few pixels
 * apart give edges everywhere, which the closing joins to the card's edge into one outline the
 * size of the picture. A median over a window wider than the stripes' period takes them away
 * (each pixel gets the cloth's middle grey) and keeps the card's edge, a step. Only for a picture
 * not of a card's own proportions (1.4–1.8, as front-picture.ts's CROP_RATIO): one that is (a crop
 * of the card) is read whole, and a median's outline inside it would be a part of the card.
 * `grey`, `channels`: the WORK-sized blurred copies.
 */
function texturelessQuad(cv: Cv, grey: InstanceType<Cv["Mat"]>, channels: InstanceType<Cv["MatVector"]>): number[] | undefined {
  const ratio = Math.max(grey.cols, grey.rows) / Math.min(grey.cols, grey.rows);
  if (ratio >= CARD_RATIO * 0.88 && ratio <= CARD_RATIO * 1.14) return undefined;
  const smooth = new cv.Mat();
  const edges = new cv.Mat();
  const channelEdges = new cv.Mat();
  try {
    cv.medianBlur(grey, smooth, MEDIAN);
    cv.Canny(smooth, edges, 20, 60);
    // Each colour channel's too: INE's grey-brown header on a grey cloth differs in colour more
    // than in brightness (in grey alone the outline left the header out).
    for (let c = 0; c < 3; c++) {
      const channel = channels.get(c);
      cv.medianBlur(channel, smooth, MEDIAN);
      cv.Canny(smooth, channelEdges, 20, 60);
      cv.bitwise_or(edges, channelEdges, edges);
      channel.delete();
    }
    return quadsOf(cv, edges)[0];
  } finally {
    free(smooth, edges, channelEdges);
  }
}
const MEDIAN = 21;

/**
 * The largest outline of a card's shape among an edge map's outlines (its corners), and the same
 * with the pieces of edge just outside it joined (a side broken where the card and the table
 * nearly match, its end a separate outline): none, one or two quadrilaterals.
 */
function quadsOf(cv: Cv, found: InstanceType<Cv["Mat"]>): number[][] {
  const edges = new cv.Mat();
  const contours = new cv.MatVector();
  const hierarchy = new cv.Mat();
  const kernel = cv.Mat.ones(5, 5, cv.CV_8U);
  try {
    // Close gaps in the card's edge (glare, a finger) without merging it with the background's.
    cv.morphologyEx(found, edges, cv.MORPH_CLOSE, kernel);
    cv.findContours(edges, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
    const area = edges.cols * edges.rows;
    const all = Array.from({ length: contours.size() }, (_, i) => {
      const contour = contours.get(i);
      const xy = [...contour.data32S];
      contour.delete();
      return xy;
    });
    let best: { area: number; points: number[]; contour: number[] } | null = null;
    for (const contour of all) {
      const quad = quadOfPoints(cv, contour, area);
      if (quad && (!best || quad.area > best.area)) best = { ...quad, contour };
    }
    if (!best) return [];
    // Pieces whose every point is within a fifth of the card's size outside its outline.
    const outline = cv.matFromArray(best.contour.length / 2, 1, cv.CV_32SC2, best.contour);
    const hull = new cv.Mat();
    cv.convexHull(outline, hull);
    const near = -0.2 * Math.sqrt(best.area);
    const pieces = all.filter((c) => c !== best.contour && pairs(c).every(([x, y]) => cv.pointPolygonTest(hull, new cv.Point(x, y), true) >= near));
    free(outline, hull);
    const joined = pieces.length ? quadOfPoints(cv, [...best.contour, ...pieces.flat()], area) : null;
    return joined ? [best.points, joined.points] : [best.points];
  } finally {
    free(edges, contours, hierarchy, kernel);
  }
}

/** The corners of a card's shape that points (x, y, x, y…) outline, and their hull's area, or null. */
function quadOfPoints(cv: Cv, xy: number[], area: number): { area: number; points: number[] } | null {
  const contour = cv.matFromArray(xy.length / 2, 1, cv.CV_32SC2, xy);
  const hull = new cv.Mat();
  const approx = new cv.Mat();
  try {
    cv.convexHull(contour, hull);
    const hullArea = cv.contourArea(hull);
    if (hullArea <= 0.12 * area || hullArea >= 0.97 * area) return null;
    cv.approxPolyDP(hull, approx, 0.02 * cv.arcLength(hull, true), true);
    // A card seen square on (turned or not) nearly fills the rotated rectangle around it:
    // that rectangle, which rounded corners do not pull in. Seen at an angle it is a
    // trapezoid: its four corners. Neither (a thumb over a corner): the rectangle, if it
    // still mostly fills it.
    const rect = cv.minAreaRect(hull);
    const fill = hullArea / (rect.size.width * rect.size.height);
    const box = () => (cv.RotatedRect.points(rect) as { x: number; y: number }[]).flatMap((p) => [p.x, p.y]);
    const points = fill > 0.97 ? box() : approx.rows === 4 ? [...approx.data32S] : fill > 0.85 ? box() : null;
    return points && cardShaped(points) ? { area: hullArea, points } : null;
  } finally {
    free(contour, hull, approx);
  }
}

/** A quadrilateral's area (the shoelace formula). */
function quadArea(quad: number[]): number {
  const p = pairs(order(quad));
  return Math.abs(p.reduce((sum, [x, y], i) => sum + x * p[(i + 1) % 4]![1] - p[(i + 1) % 4]![0] * y, 0)) / 2;
}

/**
 * The share of points along a quadrilateral's four sides with an edge within 2 px: how much of
 * the outline is the card's edge (a side drawn across the card's print, or across the table
 * where the grain joined the card, lies on few edges).
 */
function support(edges: InstanceType<Cv["Mat"]>, quad: number[]): number {
  const corners = pairs(order(quad));
  const steps = 100;
  let on = 0;
  for (let side = 0; side < 4; side++) {
    const [a, b] = [corners[side]!, corners[(side + 1) % 4]!];
    for (let k = 0; k < steps; k++) {
      const x = Math.round(a[0] + ((b[0] - a[0]) * k) / steps);
      const y = Math.round(a[1] + ((b[1] - a[1]) * k) / steps);
      let hit = false;
      for (let dy = -2; dy <= 2 && !hit; dy++)
        for (let dx = -2; dx <= 2 && !hit; dx++) {
          const [u, v] = [x + dx, y + dy];
          hit = u >= 0 && v >= 0 && u < edges.cols && v < edges.rows && edges.data[v * edges.cols + u]! > 0;
        }
      if (hit) on++;
    }
  }
  return on / (4 * steps);
}

/**
 * The corners moved 2% away from the centre: an outline found on the card's print (a blurred or
 * glared edge) would otherwise cut the first or last letters of a line; a sliver of background
 * costs the reader nothing.
 */
function widen(corners: number[]): number[] {
  const [cx, cy] = [0, 1].map((k) => (corners[k]! + corners[k + 2]! + corners[k + 4]! + corners[k + 6]!) / 4);
  return corners.map((v, i) => (i % 2 ? cy! + (v - cy!) * 1.02 : cx! + (v - cx!) * 1.02));
}

/** Four corners whose sides are a card's proportions, allowing ~25° of perspective. */
function cardShaped(points: number[]): boolean {
  const [a, b, c, d] = pairs(order(points));
  const w = (dist(a!, b!) + dist(d!, c!)) / 2;
  const h = (dist(a!, d!) + dist(b!, c!)) / 2;
  const ratio = Math.max(w, h) / Math.min(w, h);
  return ratio > CARD_RATIO * 0.7 && ratio < CARD_RATIO * 1.35;
}

/** Corners within 1.5% of the card's width of an upright rectangle's: a scan, a render, a straight shot. */
function isStraight(corners: number[]): boolean {
  const [tl, tr, br, bl] = pairs(corners);
  const tolerance = 0.015 * dist(tl!, tr!);
  return Math.abs(tl![1] - tr![1]) <= tolerance && Math.abs(bl![1] - br![1]) <= tolerance && Math.abs(tl![0] - bl![0]) <= tolerance && Math.abs(tr![0] - br![0]) <= tolerance;
}

async function cutOut(rgba: Buffer, width: number, height: number, corners: number[]): Promise<Buffer> {
  const xs = pairs(corners).map((p) => p[0]);
  const ys = pairs(corners).map((p) => p[1]);
  const left = Math.max(0, Math.floor(Math.min(...xs)));
  const top = Math.max(0, Math.floor(Math.min(...ys)));
  const region = { left, top, width: Math.min(width, Math.ceil(Math.max(...xs))) - left, height: Math.min(height, Math.ceil(Math.max(...ys))) - top };
  return sharp(rgba, { raw: { width, height, channels: 4 } }).extract(region).png({ compressionLevel: 1 }).toBuffer();
}

/** Corners ordered top left, top right, bottom right, bottom left (by x+y and y−x). */
function order(points: number[]): number[] {
  const p = pairs(points);
  const bySum = [...p].sort((u, v) => u[0] + u[1] - (v[0] + v[1]));
  const byDiff = [...p].sort((u, v) => u[1] - u[0] - (v[1] - v[0]));
  return [bySum[0]!, byDiff[0]!, bySum[3]!, byDiff[3]!].flatMap(([x, y]) => [x, y]);
}

function warp(cv: Cv, source: InstanceType<Cv["Mat"]>, corners: number[], w: number, h: number) {
  const from = cv.matFromArray(4, 1, cv.CV_32FC2, corners);
  const to = cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, w, 0, w, h, 0, h]);
  const m = cv.getPerspectiveTransform(from, to);
  const out = new cv.Mat();
  cv.warpPerspective(source, out, m, new cv.Size(w, h), cv.INTER_LANCZOS4, cv.BORDER_REPLICATE);
  free(from, to, m);
  return out;
}

/** At the card's own resolution (at most 500 px): an enlarged small card is not a blurred one. */
function sharpness(cv: Cv, card: InstanceType<Cv["Mat"]>, w: number, h: number, sourceWidth: number): number {
  const grey = new cv.Mat();
  const lap = new cv.Mat();
  const mean = new cv.Mat();
  const sd = new cv.Mat();
  try {
    // Inside the card only: its edge against the background is a step that stays sharp-looking
    // however blurred the print is.
    const inner = card.roi(new cv.Rect(Math.round(w * 0.08), Math.round(h * 0.08), Math.round(w * 0.84), Math.round(h * 0.84)));
    cv.cvtColor(inner, grey, cv.COLOR_RGBA2GRAY);
    inner.delete();
    const scale = Math.min(500, 0.84 * sourceWidth) / (0.84 * Math.max(w, h));
    cv.resize(grey, grey, new cv.Size(Math.round(grey.cols * scale), Math.round(grey.rows * scale)), 0, 0, cv.INTER_AREA);
    cv.Laplacian(grey, lap, cv.CV_64F);
    cv.meanStdDev(lap, mean, sd);
    return sd.data64F[0]! ** 2;
  } finally {
    free(grey, lap, mean, sd);
  }
}

async function toPng(card: InstanceType<Cv["Mat"]>, w: number, h: number): Promise<Buffer> {
  const bytes = Buffer.from(card.data);
  card.delete();
  return sharp(bytes, { raw: { width: w, height: h, channels: 4 } }).png({ compressionLevel: 1 }).toBuffer();
}
