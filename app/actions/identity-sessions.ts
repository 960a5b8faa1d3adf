"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { actionUser, formInput } from "@/lib/http/action-input";
import { startVerification, startVerificationInput } from "@/lib/services/identity-sessions/start-verification";

export type StartVerificationState = { url?: string; sentTo?: string[]; errors?: Record<string, string>; noTransactions?: boolean };

const optional = (value: FormDataEntryValue | null) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/** The dashboard's "Nueva verificación": a session like the API's, its link shown and sent. */
export async function startVerificationAction(_prev: StartVerificationState, input: FormData): Promise<StartVerificationState> {
  const form = formInput(input);
  const { actor } = await actionUser();
  const parsed = startVerificationInput.safeParse({
    validations: form.getAll("validations").filter((v) => typeof v === "string"),
    email: optional(form.get("email")),
    phone: optional(form.get("phone")),
    reference: optional(form.get("reference")),
  });
  if (!parsed.success) return { errors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])) };
  try {
    const { url } = await startVerification(getDb(), actor, parsed.data);
    revalidatePath("/dashboard/identity");
    return { url, sentTo: [parsed.data.email, parsed.data.phone && `+52 ${parsed.data.phone}`].filter((v): v is string => Boolean(v)) };
  } catch (err) {
    if (err instanceof AppError && err.code === "PAYMENT_REQUIRED") return { noTransactions: true };
    throw err;
  }
}
