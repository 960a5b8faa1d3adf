"use server";

import { revalidatePath } from "next/cache";
import { auth } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { sessionUser } from "@/lib/services/session-actor";
import { setUserQuota } from "@/lib/services/quota/set-user-quota";

export type QuotaState = { saved?: number; invalid?: boolean; notFound?: boolean; value?: string };

/** An admin sets a user's identity transactions; the service refuses anyone else. */
export async function setUserQuotaAction(_prev: QuotaState, form: FormData): Promise<QuotaState> {
  const found = await sessionUser(await auth());
  if (!found) throw new Error("Not signed in");
  const value = String(form.get("transactions") ?? "");
  try {
    const row = await setUserQuota(getDb(), found.actor, { userId: form.get("userId"), transactions: value });
    revalidatePath("/dashboard/admin/quotas");
    return { saved: row.transactions };
  } catch (err) {
    if (err instanceof AppError && err.code === "INVALID") return { invalid: true, value };
    if (err instanceof AppError && err.code === "NOT_FOUND") return { notFound: true };
    throw err;
  }
}
