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

export function sandboxMrz(voter: SandboxVoter): [string, string, string] {
  return composeIneMrz({
    cic: voter.cic,
    ocr: voter.ocr,
    seccion: voter.seccion,
    identificadorCiudadano: voter.identificador_ciudadano,
    birthDate: voter.fecha_nacimiento,
    sex: voter.sexo,
    expiry: `${voter.vigencia}-12-31`,
    primerApellido: voter.primer_apellido,
    segundoApellido: voter.segundo_apellido,
    nombres: voter.nombres,
  });
}

export async function renderIneBack(voter: SandboxVoter, options: { rotateDegrees?: number } = {}): Promise<Buffer> {
  const mrz = sandboxMrz(voter).map(escape);
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

export async function renderIneFront(voter: SandboxVoter): Promise<Buffer> {
  const rows: [string, string][] = [
    ["NOMBRE", `${voter.primer_apellido} ${voter.segundo_apellido} ${voter.nombres}`],
    ["CLAVE DE ELECTOR", voter.clave_elector],
    ["FECHA DE NACIMIENTO", voter.fecha_nacimiento.split("-").reverse().join("/")],
    ["SECCIÓN", voter.seccion],
    ["VIGENCIA", `${Number(voter.vigencia) - 10} - ${voter.vigencia}`],
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <rect width="100%" height="100%" rx="28" fill="#f0ece4"/>
    <text x="40" y="70" font-family="DejaVu Sans" font-weight="bold" font-size="30" fill="#5a4f3c">MÉXICO · INSTITUTO NACIONAL ELECTORAL</text>
    <text x="40" y="108" font-family="DejaVu Sans" font-size="22" fill="#5a4f3c">CREDENCIAL PARA VOTAR · SANDBOX</text>
    <rect x="40" y="150" width="240" height="300" rx="10" fill="#c9c2b3"/>
    ${rows.map(([label, value], i) => `<text x="320" y="${175 + i * 70}" font-family="DejaVu Sans" font-size="18" fill="#6b6253">${escape(label)}</text><text x="320" y="${202 + i * 70}" font-family="DejaVu Sans" font-weight="bold" font-size="24" fill="#111">${escape(value)}</text>`).join("\n    ")}
  </svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: "#ffffff" }).jpeg({ quality: 90 }).toBuffer();
}
