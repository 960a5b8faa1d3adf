import { z } from "zod";
import type { ReceiptValidation } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { signLink } from "@/lib/crypto/signed-link";
import type { receiptValidation, receiptValidationEvent } from "@/lib/schemas/validations";
import { isoWithOffset, signedLinkKey } from "./validation-format";

export const RECEIPT_PDF_LINK_SECONDS = 3600;

export function receiptPdfPath(id: string): string {
  return `/identity/v1/miscellaneous/electricity/recibo/${id}/pdf`;
}

/** A fresh signed URL of the receipt PDF, valid for one hour from `now`. */
export function receiptPdfUrl(id: string, now: Date): string {
  return `${env().APP_URL}${signLink(receiptPdfPath(id), new Date(now.getTime() + RECEIPT_PDF_LINK_SECONDS * 1000), signedLinkKey())}`;
}

/** The webhook body: operation 12 without job_id, webhook and raw_response. */
export function receiptValidationEventBody(row: ReceiptValidation, now: Date): z.input<typeof receiptValidationEvent> {
  const outcome = row.outcome;
  return {
    uuid: row.id,
    status: row.status,
    numero_servicio: row.numeroServicio,
    nombre_titular: row.nombreTitular,
    importe: row.importe,
    created_at: isoWithOffset(row.createdAt),
    updated_at: isoWithOffset(row.updatedAt),
    result: outcome
      ? { ...outcome, pdf_url: row.receiptPdfHash ? receiptPdfUrl(row.id, now) : null }
      : { estado: "pendiente", verificado: false, mensaje: "La consulta al portal está en proceso; puede tardar algunos minutos.", codigo_rechazo: null, datos_oficiales: null, pdf_url: null },
    ...(row.status === "ERROR" ? { error_message: row.errorMessage ?? "No fue posible completar la consulta." } : {}),
  };
}

/** Operation 12's body. */
export function receiptValidationBody(row: ReceiptValidation, now: Date): z.input<typeof receiptValidation> {
  const { error_message, ...event } = receiptValidationEventBody(row, now);
  return { ...event, job_id: row.jobId ?? "", webhook: row.webhook, raw_response: row.rawResponse ?? {}, ...(error_message !== undefined ? { error_message } : {}) };
}
