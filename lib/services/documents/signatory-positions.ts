import { AppError, INVALID_DATA_MESSAGE } from "@/lib/errors";
import type { SignatureBox } from "@/lib/schemas/signing";

/**
 * Serialized boxes for storage, after checking every box is on a page the PDF has. `field` is
 * where the list sits in the request (a template's are its `roles`), for the 422's paths.
 */
export function serializePositions(signers: { positions?: SignatureBox[] | null }[], pageCount: number, field = "signatures"): (string | null)[] {
  const errors: Record<string, string[]> = {};
  const serialized = signers.map((s, i) => {
    if (!s.positions) return null;
    s.positions.forEach((box, j) => {
      if (box.page > pageCount) (errors[`${field}.${i}.positions.${j}.page`] ??= []).push(`The document has ${pageCount} page(s).`);
    });
    return JSON.stringify(s.positions);
  });
  if (Object.keys(errors).length) throw new AppError("INVALID", INVALID_DATA_MESSAGE, errors);
  return serialized;
}
