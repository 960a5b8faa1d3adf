"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { actionUser, formInput, rethrowForbidden } from "@/lib/http/action-input";
import { setUserQuota } from "@/lib/services/quota/set-user-quota";

export type QuotaState = { saved?: number; invalid?: boolean; notFound?: boolean; value?: string };

/** An admin sets a user's identity transactions; the service refuses anyone else. */
export async function setUserQuotaAction(_prev: QuotaState, input: FormData): Promise<QuotaState> {
  const form = formInput(input);
  const found = await actionUser();
  const value = String(form.get("transactions") ?? "");
  try {
    const row = await setUserQuota(getDb(), found.actor, { userId: form.get("userId"), transactions: value });
    revalidatePath("/dashboard/admin/quotas");
    return { saved: row.transactions };
  } catch (err) {
    if (err instanceof AppError && err.code === "INVALID") return { invalid: true, value };
    if (err instanceof AppError && err.code === "NOT_FOUND") return { notFound: true };
    rethrowForbidden(err);
  }
}
