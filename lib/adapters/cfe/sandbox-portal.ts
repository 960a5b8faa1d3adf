import { dejaVuFonts } from "@/lib/adapters/fonts/dejavu";
import { RegistryUnavailableError } from "@/lib/adapters/registry-http/post-registry";
import { renderReceiptPdf } from "@/lib/pdf/receipt-pdf";
import type { OfficialReceipt } from "@/lib/db/schema";
import { readPortalResponse, type ReceiptPortal } from "./receipt-portal";

/**
 * The sandbox receipt portal (on by default): documented test receipts, answered in the real
 * portal's body shape and read by the same parser, so the whole flow runs offline. The README
 * lists these values; tests rely on them.
 */
export const SANDBOX_RECEIPTS: OfficialReceipt[] = [
  {
    numero_servicio: "123456789012",
    titular: "MARIA GUADALUPE PEREZ LOPEZ",
    domicilio: "AV INSURGENTES SUR 1234 INT 5, COL DEL VALLE CENTRO, BENITO JUÁREZ, CIUDAD DE MÉXICO, CP 03100",
    periodo: "01 SEP 26 - 31 OCT 26",
    importe: "1234.50",
    estado_recibo: "PAGADO",
    fecha_limite: "2026-11-14",
  },
  {
    numero_servicio: "210987654321",
    titular: "JOSÉ ÁNGEL NÚÑEZ GARCÍA",
    domicilio: "CALLE PEÑA POBRE 45, COL TORIELLO GUERRA, TLALPAN, CIUDAD DE MÉXICO, CP 14050",
    periodo: "01 AGO 26 - 30 SEP 26",
    importe: "987",
    estado_recibo: "PENDIENTE DE PAGO",
    fecha_limite: "2026-10-20",
  },
  {
    numero_servicio: "555000111222",
    titular: "ABARROTES LA ESPERANZA SA DE CV",
    domicilio: "BLVD DÍAZ ORDAZ 300, COL SANTA MARÍA, MONTERREY, NUEVO LEÓN, CP 64650",
    periodo: "01 SEP 26 - 30 SEP 26",
    importe: "15890.25",
    estado_recibo: "PAGADO",
    fecha_limite: "2026-10-25",
  },
];

/** This service number makes the sandbox portal unavailable (every attempt), ending in ERROR. */
export const SANDBOX_UNAVAILABLE_SERVICE = "999999999999";

const pdfs = new Map<string, Promise<Uint8Array>>();

/** The body the portal answers for a service number, PDF included as Base64. */
export async function sandboxPortalBody(numeroServicio: string, consultedAt = new Date()): Promise<Record<string, unknown>> {
  const receipt = SANDBOX_RECEIPTS.find((r) => r.numero_servicio === numeroServicio);
  if (!receipt) return { encontrado: false, numero_servicio: numeroServicio, mensaje: "El número de servicio no existe.", consultado_en: consultedAt.toISOString(), archivos: [] };
  // The same receipt renders to the same file within a process: one stored copy, not one per query.
  if (!pdfs.has(receipt.numero_servicio)) pdfs.set(receipt.numero_servicio, renderReceiptPdf({ ...receipt, watermark: "SANDBOX · SIN VALIDEZ", fonts: dejaVuFonts() }));
  const pdf = await pdfs.get(receipt.numero_servicio)!;
  return {
    encontrado: true,
    recibo: { ...receipt, tarifa: "1", moneda: "MXN" },
    archivos: [{ nombre: `recibo_${receipt.numero_servicio}.pdf`, tipo: "application/pdf", contenido: Buffer.from(pdf).toString("base64") }],
    consultado_en: consultedAt.toISOString(),
  };
}

export function sandboxReceiptPortal(options: { latencyMs: number }): ReceiptPortal {
  return {
    async query(numeroServicio) {
      if (options.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
      if (numeroServicio === SANDBOX_UNAVAILABLE_SERVICE) throw new RegistryUnavailableError("The receipt portal answered 503 (sandbox: service 999999999999 is always unavailable)");
      return readPortalResponse(await sandboxPortalBody(numeroServicio));
    },
  };
}
