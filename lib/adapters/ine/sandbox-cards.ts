import sharp from "sharp";
import { composeIneMrz } from "@/lib/mx/ine-mrz";
import type { SandboxVoter } from "./sandbox-voters";

/**
 * Synthetic INE cards of the sandbox voters (CR80 proportions, 1012×638 px at 300 dpi): the back
 * carries the TD1 MRZ in OCR-B, as real cards do, so the OCR path runs on something made here.
 * OCR-B comes from Debian's fonts-ocr-b (installed by .ci/run); text in DejaVu.
 */
const WIDTH = 1012;
const HEIGHT = 638;

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

/** `mrz` prints other lines than the voter's (a sandbox card with a wrong check digit). */
export async function renderIneBack(voter: SandboxVoter, options: { rotateDegrees?: number; mrz?: [string, string, string] } = {}): Promise<Buffer> {
  const mrz = (options.mrz ?? sandboxMrz(voter)).map(escape);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <rect width="100%" height="100%" rx="28" fill="#f4f1ea"/>
    <rect x="40" y="40" width="180" height="140" rx="8" fill="#d9d2c3"/>
    <text x="260" y="80" font-family="DejaVu Sans" font-size="26" fill="#5a4f3c">INSTITUTO NACIONAL ELECTORAL</text>
    <text x="260" y="118" font-family="DejaVu Sans" font-size="20" fill="#5a4f3c">SANDBOX · SIN VALIDEZ OFICIAL</text>
    <text x="260" y="160" font-family="DejaVu Sans" font-size="18" fill="#5a4f3c">MODELO ${escape(voter.modelo)} · SECCIÓN ${escape(voter.seccion)}</text>
    <rect x="0" y="380" width="${WIDTH}" height="258" fill="#ffffff"/>
    ${mrz.map((line, i) => `<text x="48" y="${452 + i * 66}" font-family="OCR B" font-size="40" fill="#111">${line}</text>`).join("\n    ")}
  </svg>`;
  const image = sharp(Buffer.from(svg)).flatten({ background: "#ffffff" });
  if (options.rotateDegrees) image.rotate(options.rotateDegrees, { background: "#ffffff" });
  return image.jpeg({ quality: 90 }).toBuffer();
}

/** A sandbox address: the voter roll does not hold addresses, so one is made from the entidad. */
export function sandboxAddress(voter: SandboxVoter): string {
  return `C. INDEPENDENCIA ${Number(voter.seccion)}, COL. CENTRO, ${voter.entidad}`;
}

/**
 * The front as INE models E–H lay it out: photo on the left; name (surnames and given names on
 * their own lines), address, clave de elector, CURP, year of registration, birth date, sección,
 * validity and sex, each under its label. `photo` is the face (sandbox-faces); without one the
 * photo box stays empty.
 */
export async function renderIneFront(voter: SandboxVoter, options: { photo?: Buffer } = {}): Promise<Buffer> {
  const text = (x: number, y: number, value: string, size = 22, bold = true) =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans"${bold ? ' font-weight="bold"' : ""} font-size="${size}" fill="${bold ? "#111" : "#6b6253"}">${escape(value)}</text>`;
  const label = (x: number, y: number, value: string) => text(x, y, value, 15, false);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <rect width="100%" height="100%" rx="28" fill="#f0ece4"/>
    <text x="40" y="66" font-family="DejaVu Sans" font-weight="bold" font-size="28" fill="#5a4f3c">MÉXICO · INSTITUTO NACIONAL ELECTORAL</text>
    <text x="40" y="102" font-family="DejaVu Sans" font-size="20" fill="#5a4f3c">CREDENCIAL PARA VOTAR · SANDBOX</text>
    <rect x="40" y="150" width="240" height="300" rx="10" fill="#c9c2b3"/>
    ${label(320, 160, "NOMBRE")}${label(820, 160, "SEXO")}
    ${text(320, 188, voter.primer_apellido)}${text(820, 188, voter.sexo)}
    ${text(320, 216, voter.segundo_apellido)}
    ${text(320, 244, voter.nombres)}
    ${label(320, 280, "DOMICILIO")}
    ${text(320, 306, sandboxAddress(voter), 20)}
    ${label(320, 342, "CLAVE DE ELECTOR")}${label(740, 342, "EMISIÓN")}
    ${text(320, 368, voter.clave_elector)}${text(740, 368, `${voter.anio_emision} ${voter.numero_emision}`)}
    ${label(320, 404, "CURP")}${label(740, 404, "AÑO DE REGISTRO")}
    ${text(320, 430, voter.curp)}${text(740, 430, voter.anio_registro)}
    ${label(320, 466, "FECHA DE NACIMIENTO")}${label(580, 466, "SECCIÓN")}${label(740, 466, "VIGENCIA")}
    ${text(320, 492, voter.fecha_nacimiento.split("-").reverse().join("/"))}${text(580, 492, voter.seccion)}${text(740, 492, `${Number(voter.vigencia) - 10} - ${voter.vigencia}`)}
  </svg>`;
  const layers = options.photo ? [{ input: options.photo, left: 40, top: 150 }] : [];
  return sharp(Buffer.from(svg)).flatten({ background: "#ffffff" }).composite(layers).jpeg({ quality: 90 }).toBuffer();
}
