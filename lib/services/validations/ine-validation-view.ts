import type { z } from "zod";
import type { IneValidation } from "@/lib/db/schema";
import type { ineValidation } from "@/lib/schemas/validations";
import { isoWithOffset } from "./validation-format";

/** Operation 10's body, also the webhook body: result only once completed or failed. */
export function ineValidationBody(row: IneValidation): z.input<typeof ineValidation> {
  return {
    uuid: row.id,
    status: row.status,
    created_at: isoWithOffset(row.createdAt),
    updated_at: isoWithOffset(row.updatedAt),
    ...((row.status === "completed" || row.status === "failed") && row.result ? { result: row.result } : {}),
  };
}
