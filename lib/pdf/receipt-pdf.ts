import fontkit from "@pdf-lib/fontkit";
import { degrees, PDFDocument, rgb } from "pdf-lib";

export type ReceiptPdfInput = {
  titular: string;
  domicilio: string;
  numero_servicio: string;
  periodo: string;
  importe: string;
  estado_recibo: string;
  fecha_limite: string;
  /** Printed across the page: the sandbox's receipts say they are test data. */
  watermark?: string;
  fonts: { regular: Uint8Array; bold: Uint8Array };
};

/** A one-page electricity receipt: what the sandbox portal hands out as the receipt PDF. */
export async function renderReceiptPdf(input: ReceiptPdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all([pdf.embedFont(input.fonts.regular, { subset: true }), pdf.embedFont(input.fonts.bold, { subset: true })]);
  pdf.setTitle(`Recibo de luz ${input.numero_servicio}`);
  const page = pdf.addPage([612, 792]);
  const green = rgb(0, 0.45, 0.3);
  page.drawRectangle({ x: 0, y: 732, width: 612, height: 60, color: green });
  page.drawText("Recibo de energía eléctrica", { x: 40, y: 755, size: 20, font: bold, color: rgb(1, 1, 1) });
  const rows: [string, string][] = [
    ["Titular", input.titular],
    ["Domicilio", input.domicilio],
    ["Número de servicio", input.numero_servicio],
    ["Periodo facturado", input.periodo],
    ["Total a pagar", `$${input.importe}`],
    ["Estado", input.estado_recibo],
    ["Fecha límite de pago", input.fecha_limite],
  ];
  let y = 690;
  for (const [label, value] of rows) {
    page.drawText(label, { x: 40, y, size: 10, font: regular, color: rgb(0.35, 0.35, 0.35) });
    page.drawText(value, { x: 190, y, size: 12, font: bold, maxWidth: 380, lineHeight: 15 });
    y -= value.length > 55 ? 44 : 30;
  }
  if (input.watermark) {
    page.drawText(input.watermark, { x: 90, y: 260, size: 44, font: bold, color: rgb(0.85, 0.2, 0.2), opacity: 0.25, rotate: degrees(30) });
  }
  return pdf.save();
}
