import { AppError, INVALID_DATA_MESSAGE } from "@/lib/errors";
import type { SignatoryInput } from "@/lib/schemas/signing";

/** Serialized boxes for storage, after checking every box is on a page the PDF has. */
export function serializePositions(signers: SignatoryInput[], pageCount: number): (string | null)[] {
  const errors: Record<string, string[]> = {};
  const serialized = signers.map((s, i) => {
    if (!s.positions) return null;
    s.positions.forEach((box, j) => {
      if (box.page > pageCount) (errors[`signatures.${i}.positions.${j}.page`] ??= []).push(`The document has ${pageCount} page(s).`);
    });
    return JSON.stringify(s.positions);
  });
  if (Object.keys(errors).length) throw new AppError("INVALID", INVALID_DATA_MESSAGE, errors);
  return serialized;
}
