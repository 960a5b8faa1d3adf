"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { addSessionComment } from "@/lib/services/identity-sessions/add-session-comment";
import { actionUser, boundString, formInput } from "@/lib/http/action-input";
import { redeliverWebhook } from "@/lib/services/webhooks/redeliver-webhook";

export type CommentState = { saved?: boolean; invalid?: boolean; notFound?: boolean; body?: string };
export type RedeliverState = { queued?: boolean; notFound?: boolean };

async function actor() {
  return (await actionUser()).actor;
}

/** A reviewer's comment; the session id is bound by the page, the text comes from the form. */
export async function addSessionCommentAction(boundSessionId: string, _prev: CommentState, input: FormData): Promise<CommentState> {
  const sessionId = boundString(boundSessionId);
  const body = formInput(input).get("body");
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
export async function redeliverWebhookAction(boundReturnTo: string, _prev: RedeliverState, input: FormData): Promise<RedeliverState> {
  const returnTo = boundString(boundReturnTo);
  const deliveryId = String(formInput(input).get("deliveryId") ?? "");
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
