import type { OfficialReceipt, ReceiptOutcome } from "@/lib/db/schema";

/**
 * The matching rule of a receipt validation (also in the OpenAPI description):
 * - names match after trimming, folding runs of spaces into one and ignoring case (accents count:
 *   "NUÑEZ" is not "NUNEZ");
 * - amounts match as numbers: "1234.5" equals "1234.50" and "987" equals "987.00".
 * The name is checked first: with both wrong, codigo_rechazo is NOMBRE_NO_COINCIDE.
 * Official data and the PDF are shown only when everything matches, so a caller who does not
 * know the holder learns nothing of the receipt.
 */
export function holderName(value: string): string {
  return value.trim().replace(/\s+/g, " ").toLocaleUpperCase("es-MX");
}

/** "0012.50" -> "12.5": the same string for the same number, with no floating point. */
export function canonicalAmount(value: string): string | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return null;
  const whole = match[1]!.replace(/^0+(?=\d)/, "");
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

export function compareReceipt(typed: { nombre_titular: string; importe: string }, official: OfficialReceipt | null): ReceiptOutcome {
  if (!official) {
    return { estado: "DATOS_NO_COINCIDEN", verificado: false, mensaje: "No existe un recibo con ese número de servicio.", codigo_rechazo: "SERVICIO_NO_ENCONTRADO", datos_oficiales: null };
  }
  if (holderName(typed.nombre_titular) !== holderName(official.titular)) {
    return { estado: "DATOS_NO_COINCIDEN", verificado: false, mensaje: "El nombre del titular no coincide con el del recibo.", codigo_rechazo: "NOMBRE_NO_COINCIDE", datos_oficiales: null };
  }
  const typedAmount = canonicalAmount(typed.importe);
  if (typedAmount === null || typedAmount !== canonicalAmount(official.importe)) {
    return { estado: "DATOS_NO_COINCIDEN", verificado: false, mensaje: "El importe no coincide con el del recibo.", codigo_rechazo: "IMPORTE_NO_COINCIDE", datos_oficiales: null };
  }
  return { estado: "OK", verificado: true, mensaje: "Los datos coinciden con el recibo emitido.", codigo_rechazo: null, datos_oficiales: { ...official } };
}
