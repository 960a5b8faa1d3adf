import fontkit from "@pdf-lib/fontkit";
import QRCode from "qrcode";
import { concatTransformationMatrix, degrees, fill, PDFDocument, popGraphicsState, pushGraphicsState, rectangle, rgb, setFillingColor, type PDFFont, type PDFPage } from "pdf-lib";
import { formatListed, formatMoment } from "@/lib/i18n/date-format";
import type { LegalRepresentative } from "@/lib/crypto/certificate-identity";
import { maskIdentifier } from "@/lib/mx/mask-identifier";

/**
 * The visible part of a sealed document: a signature sheet appended at the end (who signed,
 * RFC/CURP masked, certificate number and issuer, an excerpt of each signature, times, the original
 * hash, and a QR code to the public verification page), or stamps at each signer's boxes when
 * the document uses custom positions. Fonts are embedded (DejaVu), so Ñ and accents render.
 * Pure: fonts and data come in, the pdf-lib document is changed in place.
 */

/** No e-mail: the sealed file goes to everyone who holds it, as /verify shows no e-mails either. */
export type SheetSigner = {
  name: string;
  rfc: string | null;
  curp: string | null;
  /** A company's certificate: its legal representative, who signed for it. */
  representative?: LegalRepresentative | null;
  certificateNumber: string | null;
  issuer: string | null;
  signatureType: string;
  signature: string | null;
  signedAt: Date;
  /** Boxes in page fractions (origin top-left), for custom positions. */
  boxes?: { page: number; x: number; y: number; width: number; height: number }[];
  /** Optional drawn autograph (PNG bytes) for the stamp. */
  autograph?: Uint8Array | null;
};

export type SheetInput = {
  fileName: string;
  originalHash: string;
  verifyUrl: string;
  signers: SheetSigner[];
  locale: "es" | "en";
  timeZone: string;
  fonts: { regular: Uint8Array; bold: Uint8Array };
};

const LABELS = {
  es: { title: "Hoja de firmas", document: "Documento", hash: "Huella SHA-256 del original", signer: "Firmante", cert: "Certificado", issuer: "Emisor", signedAt: "Firmado", signature: "Firma", verify: "Verifica este documento en", page: "Página", of: "de", signedWith: "Firmado con", representative: "Representante legal" },
  en: { title: "Signature sheet", document: "Document", hash: "SHA-256 fingerprint of the original", signer: "Signer", cert: "Certificate", issuer: "Issuer", signedAt: "Signed", signature: "Signature", verify: "Verify this document at", page: "Page", of: "of", signedWith: "Signed with", representative: "Legal representative" },
};

// What each signature type is called on paper: the certificate people know, not our code.
const TYPE_NAMES: Record<"es" | "en", Record<string, string>> = {
  es: { EFIRMA: "e.firma (SAT)", FIREL: "FIREL (Poder Judicial)", TEPJF: "firma del TEPJF", RUBRICA: "identidad verificada con INE" },
  en: { EFIRMA: "e.firma (SAT)", FIREL: "FIREL (Judiciary)", TEPJF: "TEPJF signature", RUBRICA: "identity verified with INE" },
};
const typeName = (locale: "es" | "en", type: string) => TYPE_NAMES[locale][type] ?? type;

const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.42, 0.42, 0.45);
const BRAND = rgb(0.62, 0.07, 0.22);

// Embedding and subsetting a TrueType font is the costliest step of a seal: do it once per PDF,
// shared by the stamps and the sheet.
const embedded = new WeakMap<PDFDocument, Promise<{ regular: PDFFont; bold: PDFFont }>>();

// Parsing a font file and warming its layout engine (DejaVu's GSUB/GPOS) cost more than the rest
// of a one-page seal: keep the parsed font per file for the process. Each PDF still gets its own
// subset (pdf-lib calls createSubset per embedding), so sharing the parsed font is safe.
type Fontkit = Parameters<PDFDocument["registerFontkit"]>[0];
type Font = ReturnType<Fontkit["create"]>;
const parsed = new WeakMap<Uint8Array, Font>();
const cachingFontkit: Fontkit = {
  create(buffer: Uint8Array, postscriptName?: string) {
    if (postscriptName) return fontkit.create(buffer, postscriptName);
    let font = parsed.get(buffer);
    if (!font) {
      font = fontkit.create(buffer);
      const features = glyphFeatures(font);
      parsed.set(buffer, rememberingRecentLayouts(font, features));
      featuresOf.set(font, features);
    }
    return font;
  },
};

// pdf-lib reads only the glyphs of a layout (ids and advance widths), never their positions, so
// the positioning features (GPOS: kerning, mark placement) were computed for nothing on every
// string drawn or measured, most of a sheet's layout time. The glyphs are the same without them.
const GLYPHS_ONLY = { kern: false, mark: false, mkmk: false, curs: false };

// fontkit's shapers plan these for every string and mark each one on every glyph, though a font
// has lookups for a few (DejaVu: ccmp, locl, rlig, liga). A feature that none of the font's
// GSUB/GPOS tables lists cannot change a glyph, so it is turned off too: a fifth of each layout.
// Not for AAT fonts (morx), where fontkit maps these names onto the font's own features.
const PLANNED_FEATURES = ["rvrn", "ltra", "ltrm", "rtla", "rtlm", "frac", "numr", "dnom", "ccmp", "locl", "rlig", "calt", "clig", "liga", "rclt"];
type LayoutTables = { morx?: unknown; GSUB?: { featureList: { tag: string }[] }; GPOS?: { featureList: { tag: string }[] } };
const featuresOf = new WeakMap<Font, Record<string, boolean>>();

function glyphFeatures(font: Font): Record<string, boolean> {
  const tables = font as unknown as LayoutTables;
  if (tables.morx) return GLYPHS_ONLY;
  const listed = new Set([...(tables.GSUB?.featureList ?? []), ...(tables.GPOS?.featureList ?? [])].map((f) => f.tag));
  return { ...GLYPHS_ONLY, ...Object.fromEntries(PLANNED_FEATURES.filter((tag) => !listed.has(tag)).map((tag) => [tag, false])) };
}

/**
 * pdf-lib lays a string out to measure it (wrap) and again to draw it, and laying out is most of
 * a sheet's cost: the last few layouts are kept, so a line just measured is drawn without being
 * laid out again. Only a few: a sheet lays out hundreds of strings, so this saves the second
 * pass within one sheet, not work from one seal to the next. pdf-lib only reads the glyph run.
 */
const RECENT_LAYOUTS = 8;
function rememberingRecentLayouts(font: Font, glyphFeatures: Record<string, boolean>): Font {
  const layout = font.layout.bind(font);
  const recent = new Map<string, ReturnType<Font["layout"]>>();
  font.layout = (text, features) => {
    if (features !== glyphFeatures) return layout(text, features);
    let run = recent.get(text);
    if (!run) {
      if (recent.size >= RECENT_LAYOUTS) recent.delete(recent.keys().next().value!);
      recent.set(text, (run = layout(text, features)));
    }
    return run;
  };
  return font;
}

export function embedSheetFonts(pdf: PDFDocument, fonts: SheetInput["fonts"]) {
  let pair = embedded.get(pdf);
  if (!pair) {
    pdf.registerFontkit(cachingFontkit);
    const embed = (bytes: Uint8Array) => pdf.embedFont(bytes, { subset: true, features: featuresOf.get(cachingFontkit.create(bytes)) });
    pair = Promise.all([embed(fonts.regular), embed(fonts.bold)]).then(([regular, bold]) => ({ regular, bold }));
    embedded.set(pdf, pair);
  }
  return pair;
}

export async function addSignatureSheet(pdf: PDFDocument, input: SheetInput): Promise<void> {
  const t = LABELS[input.locale];
  const { regular, bold } = await embedSheetFonts(pdf, input.fonts);
  const when = { format: (d: Date) => formatMoment(d, input.locale, input.timeZone, { seconds: true }) };
  const [width, height] = [612, 792];
  const margin = 48;
  let page = pdf.addPage([width, height]);
  let y = height - margin;

  const text = (p: PDFPage, s: string, x: number, size: number, font: PDFFont, color = INK, maxWidth = width - margin - x) => {
    for (const line of wrap(s, font, size, maxWidth)) {
      drawText(p, line, font, { x, y, size, color });
      y -= size * 1.35;
    }
  };

  text(page, t.title, margin, 18, bold, BRAND);
  y -= 4;
  text(page, `${t.document}: ${input.fileName}`, margin, 11, regular);
  text(page, `${t.hash}:`, margin, 9, regular, MUTED);
  text(page, input.originalHash, margin, 8.5, regular);
  y -= 8;

  for (const signer of input.signers) {
    const needed = 120;
    if (y - needed < margin + 110) {
      page = pdf.addPage([width, height]);
      y = height - margin;
    }
    page.drawLine({ start: { x: margin, y: y + 6 }, end: { x: width - margin, y: y + 6 }, thickness: 0.5, color: MUTED });
    y -= 8;
    if (signer.autograph) {
      // The drawn autograph, at the right of the signer's block: for the eye, not the signature.
      const image = await pdf.embedPng(signer.autograph);
      const scale = Math.min(130 / image.width, 44 / image.height);
      page.drawImage(image, { x: width - margin - image.width * scale, y: y - image.height * scale + 12, width: image.width * scale, height: image.height * scale });
    }
    // Every line of the block stays left of the autograph, which is drawn at the right.
    const column = width - 2 * margin - (signer.autograph ? 140 : 0);
    text(page, signer.name, margin, 12, bold, INK, column);
    // Anyone holding the PDF reads this page: RFC and CURP masked (lib/mx/mask-identifier.ts); the owner's /xml keeps them whole.
    text(page, identifiers(signer), margin, 9, regular, MUTED, column);
    const rep = signer.representative;
    if (rep) text(page, `${t.representative}: ${identifiers(rep)}`, margin, 9, regular, MUTED, column);
    text(page, `${t.signedWith} ${typeName(input.locale, signer.signatureType)}  ·  ${t.cert} ${signer.certificateNumber ?? "—"}  ·  ${t.issuer}: ${signer.issuer ?? "—"}`, margin, 9, regular, INK, column);
    text(page, `${t.signedAt}: ${when.format(signer.signedAt)}`, margin, 9, regular, INK, column);
    if (signer.signature) text(page, `${t.signature}: ${excerpt(signer.signature)}`, margin, 7.5, regular, MUTED);
    y -= 6;
  }

  // QR code to the verification page, bottom of the last sheet page.
  const qr = QRCode.create(input.verifyUrl, { errorCorrectionLevel: "M" });
  const size = 96;
  const qx = margin;
  const qy = margin;
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(size / qr.modules.size, 0, 0, size / qr.modules.size, qx, qy), setFillingColor(INK), ...darkRuns(qr.modules), fill(), popGraphicsState());
  y = qy + size - 12;
  text(page, t.verify, qx + size + 14, 9, regular, MUTED);
  text(page, input.verifyUrl, qx + size + 14, 8, regular, INK, width - margin - (qx + size + 14));
}

/**
 * The QR code's dark modules as one path, in the code's own units (a module is 1 by 1, placed and
 * scaled by the caller's matrix), each row's run of dark modules one rectangle. Drawn module by
 * module in page units, the path was ~50 KB of long decimals, most of the sheet's content stream
 * to write and deflate; the area filled is the same.
 */
function darkRuns(modules: { size: number; get(row: number, column: number): number | boolean }): ReturnType<typeof rectangle>[] {
  const runs = [];
  for (let r = 0; r < modules.size; r++) {
    for (let c = 0; c < modules.size; c++) {
      if (!modules.get(r, c)) continue;
      const start = c;
      while (c + 1 < modules.size && modules.get(r, c + 1)) c++;
      runs.push(rectangle(start, modules.size - r - 1, c + 1 - start, 1));
    }
  }
  return runs;
}

/** Stamps inside each signer's boxes (custom positions): name, time, certificate, autograph. */
export async function addSignatureStamps(pdf: PDFDocument, input: SheetInput): Promise<void> {
  const { regular, bold } = await embedSheetFonts(pdf, input.fonts);
  const when = { format: (d: Date) => formatListed(d, input.locale, input.timeZone) };
  const pages = pdf.getPages();
  for (const signer of input.signers) {
    const autograph = signer.autograph ? await pdf.embedPng(signer.autograph) : null;
    for (const box of signer.boxes ?? []) {
      const page = pages[box.page - 1];
      if (!page) continue;
      // Every point is given in the box's own upright frame (origin its bottom-left as displayed).
      const { origin: at, w, h, rotate } = displayedBox(page, box);
      page.drawRectangle({ ...at(0, 0), width: w, height: h, rotate, borderColor: BRAND, borderWidth: 0.8, color: rgb(1, 0.98, 0.98), opacity: 0.9 });
      const size = Math.max(5, Math.min(9, h / 5));
      if (autograph) {
        const scale = Math.min((w - 4) / autograph.width, (h * 0.5) / autograph.height);
        page.drawImage(autograph, { ...at(2, h - autograph.height * scale - 2), width: autograph.width * scale, height: autograph.height * scale, rotate });
      }
      const lines = [
        [signer.name, bold],
        [when.format(signer.signedAt), regular],
        [`${typeName(input.locale, signer.signatureType)} ${signer.certificateNumber ?? ""}`.trim(), regular],
      ] as const;
      lines.forEach(([line, font], i) => {
        const fitted = wrap(line, font, size, w - 6)[0] ?? "";
        drawText(page, fitted, font, { ...at(3, 3 + (lines.length - 1 - i) * size * 1.2), size, color: INK, rotate });
      });
    }
  }
}

/**
 * One line in a font. pdf-lib's drawText with a `font` option adds that font to the page's
 * resources under a new name, and then the page's previous font under another: a sheet page
 * ended with ~120 names for two fonts, each new one found by listing the dictionary's keys. The
 * page's font is set once per change of font instead; the glyphs drawn are the same. This relies
 * on the text of the stamps and the sheet being drawn only through here (setFont elsewhere on
 * the same page would go unnoticed).
 */
const pageFont = new WeakMap<PDFPage, PDFFont>();
function drawText(page: PDFPage, line: string, font: PDFFont, options: Omit<NonNullable<Parameters<PDFPage["drawText"]>[1]>, "font">): void {
  if (pageFont.get(page) !== font) {
    page.setFont(font);
    pageFont.set(page, font);
  }
  page.drawText(line, options);
}

/**
 * Where a box the owner placed lands in the page's user space. Boxes are fractions of the page
 * as displayed (origin top-left): the crop box, turned by the page's /Rotate, inherited from the
 * page tree when the page has none (PDF 32000-1 §7.7.3.3, §7.7.3.4), which viewers apply
 * clockwise. Returns the box's displayed size and a map from its upright frame (x right, y up as
 * displayed, origin its displayed bottom-left) to user space; drawing with `rotate` (the page's
 * angle, counter-clockwise in user space) makes text read upright once the viewer turns the page.
 */
export function displayedBox(page: PDFPage, box: { x: number; y: number; width: number; height: number }) {
  const crop = visibleBox(page);
  const r = (((page.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const [W, H] = [crop.width, crop.height];
  const [dw, dh] = r === 90 || r === 270 ? [H, W] : [W, H];
  const [x0, y0, w, h] = [box.x * dw, box.y * dh, box.width * dw, box.height * dh];
  // Displayed (X right, Y down from the top-left) → user space, relative to the crop box.
  const toUser = (X: number, Y: number): [number, number] => (r === 90 ? [Y, X] : r === 180 ? [W - X, Y] : r === 270 ? [W - Y, H - X] : [X, H - Y]);
  const origin = (lx: number, ly: number) => {
    const [u, v] = toUser(x0 + lx, y0 + h - ly);
    return { x: crop.x + u, y: crop.y + v };
  };
  return { origin, w, h, rotate: degrees(r) };
}

/** The crop box (what viewers show), corners in either order; the media box if it is malformed. */
function visibleBox(page: PDFPage): { x: number; y: number; width: number; height: number } {
  let box: { x: number; y: number; width: number; height: number };
  try {
    box = page.getCropBox();
  } catch {
    box = page.getMediaBox();
  }
  return { x: Math.min(box.x, box.x + box.width), y: Math.min(box.y, box.y + box.height), width: Math.abs(box.width), height: Math.abs(box.height) };
}

function excerpt(signature: string): string {
  return signature.length > 88 ? `${signature.slice(0, 44)}…${signature.slice(-40)}` : signature;
}

/**
 * Greedy word wrap; words longer than a line (hashes, Base64) are cut. Most texts fit on one line:
 * the whole text is measured first (and that layout is the one drawn, see RECENT_LAYOUTS). Else a
 * line's width is the sum of its words' and spaces' widths, each word measured once per font
 * (measuring every growing candidate line laid out the same words again and again).
 */
export function wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const whole = words.join(" ");
  if (!whole) return [];
  if (font.widthOfTextAtSize(whole, size) <= maxWidth) return [whole];
  const width = wordWidths(font, size);
  const space = width(" ");
  const lines: string[] = [];
  let line = "";
  let lineWidth = 0;
  for (const word of words) {
    const candidate = line ? lineWidth + space + width(word) : width(word);
    if (candidate <= maxWidth) {
      line = line ? `${line} ${word}` : word;
      lineWidth = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > maxWidth) {
      const cut = longestFittingPrefix(rest, font, size, maxWidth);
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
    lineWidth = width(rest);
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * How many characters of `word` (at least one, fewer than all) fit in `maxWidth`: a binary
 * search, since a longer prefix is never narrower (trying each length from the end laid out a
 * 100-character URL some 17 times).
 */
function longestFittingPrefix(word: string, font: PDFFont, size: number, maxWidth: number): number {
  let [fits, tooLong] = [1, word.length];
  while (tooLong - fits > 1) {
    const middle = (fits + tooLong) >> 1;
    if (font.widthOfTextAtSize(word.slice(0, middle), size) <= maxWidth) fits = middle;
    else tooLong = middle;
  }
  return fits;
}

const measured = new WeakMap<PDFFont, Map<string, number>>();
/** Widths of words at one size in one font, remembered for the document's life. */
function wordWidths(font: PDFFont, size: number): (word: string) => number {
  let known = measured.get(font);
  if (!known) measured.set(font, (known = new Map()));
  return (word) => {
    const key = `${size}|${word}`;
    let w = known.get(key);
    if (w === undefined) known.set(key, (w = font.widthOfTextAtSize(word, size)));
    return w;
  };
}

function identifiers(person: { rfc: string | null; curp: string | null }): string {
  return [person.rfc && `RFC ${maskIdentifier(person.rfc)}`, person.curp && `CURP ${maskIdentifier(person.curp)}`].filter(Boolean).join("  ·  ");
}
