"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { actionUser, formInput, rethrowForbidden } from "@/lib/http/action-input";
import { setUserQuota } from "@/lib/services/quota/set-user-quota";

export type QuotaState = { saved?: number; invalid?: boolean; notFound?: boolean; value?: string };

/** An admin sets a user's identity transactions and per-period quotas; the service refuses anyone else. */
export async function setUserQuotaAction(_prev: QuotaState, input: FormData): Promise<QuotaState> {
  const form = formInput(input);
  const found = await actionUser();
  const value = String(form.get("transactions") ?? "");
  try {
    // A field the form did not send stays as it is; an empty one means the default.
    const perPeriod = (name: string) => form.get(name) ?? undefined;
    const row = await setUserQuota(getDb(), found.actor, { userId: form.get("userId"), transactions: value, documentQuota: perPeriod("documentQuota"), noticeQuota: perPeriod("noticeQuota") });
    revalidatePath("/dashboard/admin/quotas");
    return { saved: row.transactions };
  } catch (err) {
    if (err instanceof AppError && err.code === "INVALID") return { invalid: true, value };
    if (err instanceof AppError && err.code === "NOT_FOUND") return { notFound: true };
    rethrowForbidden(err);
  }
}
