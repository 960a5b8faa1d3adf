import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { receiptValidations } from "@/lib/db/schema";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { checkLink } from "@/lib/crypto/signed-link";
import { AppError } from "@/lib/errors";
import { receiptPdfPath } from "./receipt-validation-view";
import { signedLinkKey, VALIDATION_NOT_FOUND } from "./validation-format";

/** The receipt PDF behind a signed pdf_url: the link is the permission, for one hour. */
export async function readReceiptPdf(db: DbOrTx, id: string, link: { expires?: string; signature?: string }, now = new Date()) {
  const check = checkLink(receiptPdfPath(id), link.expires ?? null, link.signature ?? null, signedLinkKey(), now);
  if (check === "expired") throw new AppError("FORBIDDEN", "El enlace del recibo expiró (vale una hora). Consulta la validación de nuevo para obtener un enlace nuevo.");
  if (check === "invalid") throw new AppError("FORBIDDEN", "El enlace del recibo no es válido.");
  const [row] = await db.select({ hash: receiptValidations.receiptPdfHash, numero: receiptValidations.numeroServicio }).from(receiptValidations).where(eq(receiptValidations.id, id));
  if (!row?.hash) throw new AppError("NOT_FOUND", VALIDATION_NOT_FOUND);
  return { bytes: await fileStorage().get(row.hash), fileName: `recibo-${row.numero}.pdf` };
}
