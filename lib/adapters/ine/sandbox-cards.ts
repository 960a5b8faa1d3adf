import sharp, { type OverlayOptions } from "sharp";
import type { IneFront } from "@/lib/mx/ine-front";
import { composeIneMrz } from "@/lib/mx/ine-mrz";
import { asInePrints } from "@/lib/mx/ine-spelling";
import { selectProjectFonts } from "@/lib/adapters/fonts/project-fonts";
import type { SandboxVoter } from "./sandbox-voters";

/**
 * Synthetic INE cards of the sandbox voters, drawn in INE's own layouts so that the readers and
 * the verification page's checks meet what people photograph: CR80 proportions, 1012×638 px at
 * 300 dpi. The layouts, label names, type sizes and colours follow INE's published specimen
 * credential (../shared/realworld/ine: the 2014 front of models E/F, the 2019 front of G/H, the
 * 2014 back) by eye; the images themselves are not used. Every card says SANDBOX · SIN VALIDEZ
 * OFICIAL in small type along its lower edge.
 *
 * Type: Liberation Sans and Liberation Sans Narrow stand in for the card's Helvetica; the back's
 * MRZ is OCR-B, as on real cards; DejaVu where a glyph is missing. Only the fonts that come with
 * the project are used (lib/adapters/fonts/project-fonts.ts), never the system's, so a card reads
 * the same everywhere.
 */
const WIDTH = 1012;
const HEIGHT = 638;

const SANS = "Liberation Sans, DejaVu Sans";
const NARROW = "Liberation Sans Narrow, DejaVu Sans Condensed, DejaVu Sans";
const INK = "#1d1d1b";
const LABEL_INK = "#3c3b39";
const SANDBOX_MARK = "SANDBOX · SIN VALIDEZ OFICIAL";

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The back's MRZ as the INE writes it: the sex H or M, and line 2's optional data
 * "<NN<<DDDDD<" with the voter's emission number. What the five digits hold is not published
 * (lib/mx/ine-mrz), so here they are the CIC's last five, only for the shape.
 */
export function sandboxMrz(voter: SandboxVoter): [string, string, string] {
  return composeIneMrz({
    cic: voter.cic,
    ocr: voter.ocr,
    seccion: voter.seccion,
    identificadorCiudadano: voter.identificador_ciudadano,
    birthDate: voter.fecha_nacimiento,
    sex: voter.sexo,
    expiry: `${voter.vigencia}-12-31`,
    numeroEmision: voter.numero_emision,
    optionalNumber: voter.cic.slice(-5),
    primerApellido: voter.primer_apellido,
    segundoApellido: voter.segundo_apellido,
    nombres: voter.nombres,
  });
}

/** The same pseudo-random bits for the same card: the back's barcodes stay put between runs. */
function bits(seed: string): () => boolean {
  let a = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % 2 === 0;
  };
}

/** Black modules of a grid, as one path: what a PDF417 or QR code looks like from afar (it encodes nothing). */
function modules(x: number, y: number, cols: number, rows: number, size: [number, number], on: () => boolean): string {
  let d = "";
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) if (on()) d += `M${x + c * size[0]} ${y + r * size[1]}h${size[0]}v${size[1]}h-${size[0]}z`;
  return `<path d="${d}" fill="#111"/>`;
}

const finder = (x: number, y: number, s: number) =>
  `<rect x="${x}" y="${y}" width="${7 * s}" height="${7 * s}" fill="#111"/><rect x="${x + s}" y="${y + s}" width="${5 * s}" height="${5 * s}" fill="#fff"/><rect x="${x + 2 * s}" y="${y + 2 * s}" width="${3 * s}" height="${3 * s}" fill="#111"/>`;

/**
 * The back as the 2014 specimen lays it out: a barcode and the two election boxes along the top,
 * the INE mark, the PDF417 code and a QR code, the holder's signature box with a fingerprint, the
 * Secretario Ejecutivo's signature, and the three MRZ lines in OCR-B across the lower third.
 * `mrz` prints other lines than the voter's (a sandbox card with a wrong check digit).
 */
export async function renderIneBack(voter: SandboxVoter, options: { rotateDegrees?: number; mrz?: [string, string, string] } = {}): Promise<Buffer> {
  selectProjectFonts();
  const mrz = (options.mrz ?? sandboxMrz(voter)).map(escape);
  const on = bits(voter.cic + voter.ocr);
  const stripes = Array.from({ length: 34 }, (_, i) => `<rect x="${70 + i * 4}" y="28" width="${on() ? 2 : 1}" height="44" fill="#111"/>`).join("");
  const box = (x: number, w: number, label: string) =>
    `<text x="${x + 2}" y="33" font-family="${SANS}" font-size="9" letter-spacing="1.5" fill="#444">${label}</text><rect x="${x}" y="37" width="${w}" height="40" fill="#d8d4cd" stroke="#77736c" stroke-width="1.5"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <rect width="100%" height="100%" rx="26" fill="#e7e4df"/>
    <path d="M280 0H986a26 26 0 0 1 26 26V85H280z" fill="#cdc7bf"/>
    <path d="M0 85H1012V232H0z" fill="#cdc7bf"/>
    <rect x="48" y="16" width="176" height="64" fill="#fff"/>${stripes}
    ${box(280, 180, "ELECCIONES FEDERALES")}${box(482, 268, "LOCALES Y EXTRAORDINARIAS")}
    <path d="M862 44l12-12 12 12-12 12z" fill="#8fae3a"/>
    <text x="890" y="56" font-family="${SANS}" font-weight="bold" font-size="34" fill="#8fae3a">INE</text>
    <rect x="48" y="88" width="740" height="146" fill="#fff"/>
    <rect x="50" y="90" width="10" height="142" fill="#111"/><rect x="64" y="90" width="4" height="142" fill="#111"/>
    ${modules(74, 90, 136, 24, [5, 5.9], on)}
    <rect x="776" y="90" width="4" height="142" fill="#111"/><rect x="784" y="90" width="4" height="142" fill="#111"/>
    <rect x="826" y="88" width="146" height="146" fill="#fff"/>
    ${modules(830, 92, 23, 23, [6, 6], on)}${finder(830, 92, 6)}${finder(920, 92, 6)}${finder(830, 182, 6)}
    <rect x="46" y="244" width="680" height="106" fill="#fff" stroke="#111" stroke-width="3"/>
    <path d="M290 312c10-40 22-44 16-6s12-30 20-18 4 30 14 18 18-16 40 4 60 4 96 0" fill="none" stroke="#111" stroke-width="3"/>
    ${[0, 1, 2, 3, 4, 5, 6].map((i) => `<ellipse cx="650" cy="298" rx="${6 + i * 4}" ry="${9 + i * 6}" fill="none" stroke="#222" stroke-width="1.6"/>`).join("")}
    <path d="M790 266c30-12 40 20 70 2s40 10 80-4 60 0 60 0" fill="none" stroke="#222" stroke-width="2"/>
    <line x1="770" y1="286" x2="1000" y2="286" stroke="#222" stroke-width="1.5"/>
    <text x="752" y="312" font-family="${SANS}" font-size="13" letter-spacing="1" fill="#3a3a3a">SECRETARIO EJECUTIVO DEL</text>
    <text x="752" y="330" font-family="${SANS}" font-size="13" letter-spacing="0.5" fill="#3a3a3a">INSTITUTO NACIONAL ELECTORAL</text>
    ${mrz.map((line, i) => `<text x="44" y="${452 + i * 66}" font-family="OCR B" font-size="40" fill="#111">${line}</text>`).join("\n    ")}
    <text x="44" y="630" font-family="${SANS}" font-size="11" fill="#8a8478">${SANDBOX_MARK} · MODELO ${escape(voter.modelo)}</text>
  </svg>`;
  const image = sharp(Buffer.from(svg)).flatten({ background: "#ffffff" });
  if (options.rotateDegrees) image.rotate(options.rotateDegrees, { background: "#ffffff" });
  return image.jpeg({ quality: 90 }).toBuffer();
}

/** The front's layout: models E and F share the 2014 front, G and H the 2019 one (INE's own naming). */
export type FrontLayout = "2014" | "2019";
export const frontLayout = (voter: SandboxVoter): FrontLayout => (voter.modelo === "E" || voter.modelo === "F" ? "2014" : "2019");

/**
 * A sandbox address on three lines, as a front prints it (street, colonia, then the entidad): the
 * voter roll does not hold addresses, so one is made from the sección and the entidad. A reader
 * gives it back as one line, its lines joined by ", " (sandboxAddress).
 */
export function sandboxAddressLines(voter: SandboxVoter): [string, string, string] {
  return [`C INDEPENDENCIA ${Number(voter.seccion)}`, "COL. CENTRO", asInePrints(voter.entidad)];
}

export function sandboxAddress(voter: SandboxVoter): string {
  return sandboxAddressLines(voter).join(", ");
}

/** The voter's name as the front prints it: capitals without accents, Ñ kept (lib/mx/ine-spelling). */
function printedName(voter: SandboxVoter): Pick<IneFront, "nombres" | "primer_apellido" | "segundo_apellido" | "nombre_completo"> {
  const [nombres, primer_apellido, segundo_apellido] = [voter.nombres, voter.primer_apellido, voter.segundo_apellido].map(asInePrints) as [string, string, string];
  return { nombres, primer_apellido, segundo_apellido, nombre_completo: `${nombres} ${primer_apellido} ${segundo_apellido}` };
}

/**
 * What the voter's front prints, field by field, as a front reader should give it back
 * (lib/mx/ine-front): the 2014 front (models E/F) with ESTADO, MUNICIPIO, LOCALIDAD and EMISIÓN's
 * year, the 2019 front (G/H) with none of them; both print the emission number after the año de
 * registro.
 */
export function printedFront(voter: SandboxVoter): IneFront {
  const layout2014 = frontLayout(voter) === "2014";
  return {
    ...printedName(voter),
    curp: voter.curp,
    clave_elector: voter.clave_elector,
    fecha_nacimiento: voter.fecha_nacimiento,
    sexo: voter.sexo,
    seccion: voter.seccion,
    vigencia: voter.vigencia,
    domicilio: sandboxAddress(voter),
    anio_registro: voter.anio_registro,
    anio_emision: layout2014 ? voter.anio_emision : null,
    num_emisiones: voter.numero_emision,
    ...(layout2014 ? sandboxGeography(voter) : { estado: null, municipio: null, localidad: null }),
  };
}

/**
 * ESTADO, MUNICIPIO and LOCALIDAD as the 2014 front prints them: the entidad's INE number is the
 * clave de elector's (positions 13–14); the voter roll holds no municipio or localidad, so those
 * are made from the sección, only for their shape.
 */
export function sandboxGeography(voter: SandboxVoter): { estado: string; municipio: string; localidad: string } {
  return { estado: voter.clave_elector.slice(12, 14), municipio: String((Number(voter.seccion) % 97) + 1).padStart(3, "0"), localidad: "0001" };
}

/**
 * The escudo nacional's place: a seal ring with its legend along the top, drawn plainly (librsvg,
 * which sharp draws SVG with, has no textPath: each letter is placed and turned on its own).
 */
function seal(cx: number, cy: number, r: number): string {
  const legend = [..."ESTADOS UNIDOS MEXICANOS"];
  const size = Math.round(r / 5);
  const letters = legend
    .map((c, i) => {
      const angle = -160 + (140 * i) / (legend.length - 1);
      const rad = (angle * Math.PI) / 180;
      const x = (cx + (r - size) * Math.cos(rad)).toFixed(1);
      const y = (cy + (r - size) * Math.sin(rad)).toFixed(1);
      return `<text x="${x}" y="${y}" transform="rotate(${angle + 90} ${x} ${y})" text-anchor="middle" font-family="${SANS}" font-size="${size}" fill="#3d3a36">${c}</text>`;
    })
    .join("");
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#3d3a36" stroke-width="2"/>${letters}
    <path d="M${cx - r / 2} ${cy + r / 3}q${r / 2} ${-r} ${r} 0M${cx - r / 4} ${cy - r / 6}q${r / 4} ${-r / 3} ${r / 2} ${-r / 8}M${cx - r / 2} ${cy + r / 2}h${r}" fill="none" stroke="#3d3a36" stroke-width="3"/>`;
}

/** The greek fret down the card's left edge (yellow on 2014 fronts, magenta on 2019 ones). */
function fret(x: number, top: number, bottom: number, width: number, colour: string): string {
  const step = width;
  let d = "";
  for (let y = top; y + step <= bottom; y += step) d += `M${x + 4} ${y + step - 4}V${y + 4}H${x + width - 4}V${y + step - 8}H${x + 10}V${y + 10}H${x + width - 10}`;
  return `<rect x="${x}" y="${top}" width="${width}" height="${bottom - top}" fill="#fff" opacity="0.6"/><path d="${d}" fill="none" stroke="${colour}" stroke-width="2.5"/>`;
}

/** Light wavy lines like the card's guilloche: faint enough not to reach the text's darkness. */
function guilloche(colour: string): string {
  const lines: string[] = [];
  for (let i = 0; i < 16; i++) {
    const y = 150 + i * 30;
    lines.push(`<path d="M0 ${y}${Array.from({ length: 8 }, (_, k) => ` q64 ${k % 2 ? 18 : -18} 128 0`).join("")}" fill="none" stroke="${colour}" stroke-width="1.2"/>`);
  }
  return lines.join("");
}

type Text = { x: number; y: number; value: string; size: number; font?: string; bold?: boolean; ink?: string; anchor?: "end" };
const text = (t: Text) =>
  `<text x="${t.x}" y="${t.y}" font-family="${t.font ?? SANS}"${t.bold ? ' font-weight="bold"' : ""} font-size="${t.size}" fill="${t.ink ?? INK}"${t.anchor ? ` text-anchor="${t.anchor}"` : ""}>${escape(t.value)}</text>`;

const birthDate = (voter: SandboxVoter) => voter.fecha_nacimiento.split("-").reverse().join("/");

/**
 * The distance between the lines of the name and of the address, on both fronts. INE's specimen
 * sets them 28 px (2019) and 31–33 px (2014) apart, which leaves no room above a capital: it
 * prints names and addresses without accents (GOMEZ VELAZQUEZ, CIUDAD DE MEXICO). The sandbox
 * people have theirs (JOSÉ ÁNGEL NÚÑEZ), and an accent a few pixels under the line above is taken
 * by Tesseract's line finder for part of that line and dropped (JOSÉ read as JOSE, NÚÑEZ as
 * NUNEZ). Names read with every accent by the reader's first pass, synthetic people of
 * bench/synthetic-people.ts (seed 20261123): 2019 fronts of the first 40, 13 of 28 at 28 px (11
 * with no photo), 28 of 28 at 33 px (with the photo's right edge faded, below); of the first 120,
 * 79 of 79 at 33 px. 2014 fronts of the first 120: 38 of 41 at 31 px, 41 of 41 at 33 px.
 */
const LINE_GAP = 33;

/**
 * The 2014 front (models E/F) as the specimen shows it: the grey-brown header band with the seal,
 * MÉXICO and INSTITUTO NACIONAL ELECTORAL / CREDENCIAL PARA VOTAR; the photo at the left beside
 * the yellow fret; NOMBRE and DOMICILIO with their lines below; then CLAVE DE ELECTOR, CURP, AÑO DE
 * REGISTRO (year and emission number), ESTADO, MUNICIPIO, SECCIÓN, LOCALIDAD, EMISIÓN (the year)
 * and VIGENCIA (the year it ends), each value beside its small bold label; FECHA NACIMIENTO and
 * SEXO at the top right, right-aligned; a ghost of the photo at the right.
 */
function front2014(voter: SandboxVoter): string {
  const label = (x: number, y: number, value: string, anchor?: "end") => text({ x, y, value, size: 19, font: NARROW, bold: true, ink: LABEL_INK, anchor });
  const value = (x: number, y: number, v: string, anchor?: "end") => text({ x, y, value: v, size: 27, anchor });
  const geo = sandboxGeography(voter);
  const address = sandboxAddressLines(voter);
  return `
    <rect width="100%" height="100%" rx="26" fill="#ebe9e5"/>${guilloche("#dedbd5")}
    <path d="M26 0H986a26 26 0 0 1 26 26V138C820 168 520 176 0 104V26A26 26 0 0 1 26 0z" fill="#a1978c"/>
    ${seal(160, 94, 60)}
    ${text({ x: 241, y: 100, value: "MÉXICO", size: 31 })}
    ${text({ x: 382, y: 74, value: "INSTITUTO NACIONAL ELECTORAL", size: 41, font: NARROW })}
    ${text({ x: 382, y: 115, value: "CREDENCIAL PARA VOTAR", size: 27, bold: true })}
    ${fret(11, 112, 632, 28, "#d9b52c")}
    ${label(343, 187, "NOMBRE")}
    ${nameLines(voter).map((line, i) => value(343, 216 + i * LINE_GAP, line)).join("")}
    ${label(343, 313, "DOMICILIO")}
    ${address.map((line, i) => value(343, 342 + i * LINE_GAP, line)).join("")}
    ${label(343, 446, "CLAVE DE ELECTOR")}${value(530, 446, voter.clave_elector)}
    ${label(343, 485, "CURP")}${value(404, 485, voter.curp)}
    ${label(738, 485, "AÑO DE REGISTRO")}${value(1000, 485, `${voter.anio_registro} ${voter.numero_emision}`, "end")}
    ${label(343, 527, "ESTADO")}${value(465, 527, geo.estado)}${label(556, 527, "MUNICIPIO")}${value(666, 527, geo.municipio)}${label(738, 527, "SECCIÓN")}${value(837, 527, voter.seccion)}
    ${label(343, 568, "LOCALIDAD")}${value(465, 568, geo.localidad)}${label(556, 568, "EMISIÓN")}${value(666, 568, voter.anio_emision)}${label(738, 568, "VIGENCIA")}${value(837, 568, voter.vigencia)}
    ${label(997, 184, "FECHA NACIMIENTO", "end")}${value(997, 216, birthDate(voter), "end")}
    ${label(960, 250, "SEXO", "end")}${text({ x: 997, y: 252, value: voter.sexo, size: 31, bold: true, anchor: "end" })}
    ${text({ x: 60, y: 628, value: SANDBOX_MARK, size: 11, ink: "#8a8478" })}`;
}

/**
 * The 2019 front (models G/H) as the specimen shows it: a lighter grey header band, the magenta
 * fret, the photo with the holder's signature below it; NOMBRE and DOMICILIO with their lines
 * below, CLAVE DE ELECTOR with its value beside it, then CURP and AÑO DE REGISTRO (year and
 * emission number), FECHA DE NACIMIENTO, SECCIÓN and VIGENCIA (first and last year) with their
 * values below; SEXO at the top right. No ESTADO, MUNICIPIO, LOCALIDAD or EMISIÓN.
 */
function front2019(voter: SandboxVoter): string {
  const label = (x: number, y: number, value: string) => text({ x, y, value, size: 19, font: NARROW, ink: LABEL_INK });
  const value = (x: number, y: number, v: string) => text({ x, y, value: v, size: 28, font: NARROW });
  const address = sandboxAddressLines(voter);
  return `
    <rect width="100%" height="100%" rx="26" fill="#eeedea"/>${guilloche("#e0ded9")}
    <path d="M26 0H986a26 26 0 0 1 26 26V112C700 126 300 112 0 96V26A26 26 0 0 1 26 0z" fill="#c9c5bf"/>
    ${seal(124, 80, 58)}
    ${text({ x: 205, y: 86, value: "MÉXICO", size: 30 })}
    ${text({ x: 355, y: 64, value: "INSTITUTO NACIONAL ELECTORAL", size: 37 })}
    ${text({ x: 355, y: 103, value: "CREDENCIAL PARA VOTAR", size: 27, bold: true })}
    ${fret(20, 100, 634, 22, "#c2187e")}
    ${text({ x: 210, y: 548, value: voter.nombres.split(" ")[0]!.toLowerCase().replace(/^./, (c) => c.toUpperCase()), size: 34, font: "DejaVu Serif", ink: "#222", anchor: "end" }).replace("<text", '<text font-style="italic"')}
    ${label(336, 194, "NOMBRE")}
    ${nameLines(voter).map((line, i) => value(336, 227 + i * LINE_GAP, line)).join("")}
    ${label(336, 344, "DOMICILIO")}
    ${address.map((line, i) => value(336, 377 + i * LINE_GAP, line)).join("")}
    ${label(336, 473, "CLAVE DE ELECTOR")}${value(525, 473, voter.clave_elector)}
    ${label(336, 504, "CURP")}${value(336, 535, voter.curp)}${label(703, 504, "AÑO DE REGISTRO")}${value(703, 535, `${voter.anio_registro} ${voter.numero_emision}`)}
    ${label(336, 568, "FECHA DE NACIMIENTO")}${value(336, 598, birthDate(voter))}
    ${label(574, 568, "SECCIÓN")}${value(574, 598, voter.seccion)}
    ${label(693, 568, "VIGENCIA")}${value(693, 598, `${voter.anio_emision} - ${voter.vigencia}`)}
    ${label(902, 194, "SEXO")}${value(952, 196, voter.sexo)}
    ${text({ x: 60, y: 628, value: SANDBOX_MARK, size: 11, ink: "#8a8478" })}`;
}

/** The name's three lines, top to bottom, as printed. */
function nameLines(voter: SandboxVoter): string[] {
  const name = printedName(voter);
  return [name.primer_apellido!, name.segundo_apellido!, name.nombres!];
}

/** Where each layout prints the photo and its ghost (left, top, width, height). */
const PHOTO: Record<FrontLayout, { photo: [number, number, number, number]; ghost: [number, number, number, number] }> = {
  "2014": { photo: [78, 214, 236, 338], ghost: [864, 284, 134, 172] },
  "2019": { photo: [96, 158, 230, 300], ghost: [822, 226, 168, 226] },
};

/** A mask that keeps a picture whole up to `from` (a fraction of it) and fades it out towards its lower or right edge. */
function fade(width: number, height: number, towards: "down" | "right", from: number): Buffer {
  const [x2, y2] = towards === "down" ? [0, 1] : [1, 0];
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="f" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="${from}" stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#f)"/></svg>`,
  );
}

/**
 * The front of the voter's card in the layout of its model (frontLayout). `photo` is the face
 * (sandbox-faces), printed where the layout puts it, its lower and right edges fading into the
 * card as on the 2014 specimen (a photo's hard edge beside the text column was read as stray
 * letters glued to the names and the address), and again small and faint at the right as the
 * card's ghost image; without one both places stay empty.
 */
export async function renderIneFront(voter: SandboxVoter, options: { photo?: Buffer } = {}): Promise<Buffer> {
  selectProjectFonts();
  const layout = frontLayout(voter);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${layout === "2014" ? front2014(voter) : front2019(voter)}</svg>`;
  const layers: OverlayOptions[] = [];
  if (options.photo) {
    const { photo, ghost } = PHOTO[layout];
    const [left, top, width, height] = photo;
    const fades = [fade(width, height, "down", 0.8), fade(width, height, "right", 0.7)].map((input) => ({ input, blend: "dest-in" as const }));
    const printed = await sharp(options.photo).resize(width, height, { fit: "cover", position: "top" }).ensureAlpha().composite(fades).png().toBuffer();
    layers.push({ input: printed, left, top });
    const [gl, gt, gw, gh] = ghost;
    const faint = await sharp(options.photo).resize(gw, gh, { fit: "cover", position: "top" }).greyscale().linear(0.45, 140).png().toBuffer();
    layers.push({ input: faint, left: gl, top: gt, blend: "multiply" });
  }
  return sharp(Buffer.from(svg)).flatten({ background: "#ffffff" }).composite(layers).jpeg({ quality: 90 }).toBuffer();
}
