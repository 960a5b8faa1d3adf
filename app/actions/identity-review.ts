"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { auth } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { addSessionComment } from "@/lib/services/identity-sessions/add-session-comment";
import { sessionUser } from "@/lib/services/session-actor";
import { redeliverWebhook } from "@/lib/services/webhooks/redeliver-webhook";

export type CommentState = { saved?: boolean; invalid?: boolean; notFound?: boolean; body?: string };
export type RedeliverState = { queued?: boolean; notFound?: boolean };

async function actor() {
  const found = await sessionUser(await auth());
  if (!found) throw new Error("Not signed in");
  return found.actor;
}

/** A reviewer's comment; the session id is bound by the page, the text comes from the form. */
export async function addSessionCommentAction(sessionId: string, _prev: CommentState, form: FormData): Promise<CommentState> {
  const body = form.get("body");
  try {
    await addSessionComment(getDb(), await actor(), sessionId, { body });
  } catch (err) {
    // The text goes back so a refused comment is not lost.
    if (err instanceof AppError && err.code === "INVALID") return { invalid: true, body: typeof body === "string" ? body : "" };
    if (err instanceof AppError && err.code === "NOT_FOUND") return { notFound: true };
    throw err;
  }
  revalidatePath(`/dashboard/identity/${sessionId}`);
  return { saved: true };
}

/** Sends one webhook delivery again now; the service checks it is the actor's (or the actor is an admin). */
export async function redeliverWebhookAction(returnTo: string, _prev: RedeliverState, form: FormData): Promise<RedeliverState> {
  const deliveryId = String(form.get("deliveryId") ?? "");
  if (!z.uuid().safeParse(deliveryId).success) return { notFound: true };
  try {
    await redeliverWebhook(getDb(), await actor(), deliveryId);
  } catch (err) {
    if (err instanceof AppError && err.code === "NOT_FOUND") return { notFound: true };
    throw err;
  }
  if (returnTo.startsWith("/dashboard/")) revalidatePath(returnTo);
  return { queued: true };
}
