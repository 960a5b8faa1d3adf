import { and, asc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { signatories, spectators, type Signatory } from "@/lib/db/schema";
import { sendMessage } from "@/lib/services/messages/send-message";
import { loadNoticeContext, noticesEnabled, type NoticeContext } from "./notice-context";
import { nextReminderAt } from "./reminder-schedule";
import { signingLink } from "./signing-link";

/**
 * Sends the first notice to every signer whose turn it is and who has not had one, and to new
 * spectators. Safe to run any number of times, by several workers at once: each signer's notice
 * is claimed by a conditional UPDATE in the same transaction as its outbox messages.
 */
export async function notifySignatories(db: DbOrTx, documentId: string, now: Date = new Date()): Promise<{ signers: number; spectators: number }> {
  const context = await loadNoticeContext(db, documentId);
  if (!context || !noticesEnabled(context)) return { signers: 0, spectators: 0 };
  const current = await db
    .select()
    .from(signatories)
    .where(and(eq(signatories.documentId, documentId), isNull(signatories.removedAt)))
    .orderBy(asc(signatories.position));
  const pending = current.filter((s) => s.signStatus === "PENDING");
  // In order (ACTIVE), only the first pending signer's turn has come.
  const due = (context.document.signatureOrdered === "ACTIVE" ? pending.slice(0, 1) : pending).filter((s) => !s.notifiedAt);

  let signers = 0;
  for (const signer of due) if (await noticeSigner(db, context, signer, now)) signers++;

  let watchers = 0;
  const newSpectators = await db.select().from(spectators).where(and(eq(spectators.documentId, documentId), isNull(spectators.notifiedAt)));
  for (const spectator of newSpectators) {
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx.update(spectators).set({ notifiedAt: now }).where(and(eq(spectators.id, spectator.id), isNull(spectators.notifiedAt))).returning();
      if (!claimed) return false;
      await sendMessage(tx, {
        userId: context.document.ownerUserId,
        channel: "email",
        to: spectator.email,
        template: "spectator-notice",
        locale: context.ownerLocale,
        params: { name: spectator.name, documentName: context.document.fileName, ownerName: context.ownerName, signers: current.map((s) => s.name), brand: context.brand },
      });
      return true;
    });
    if (sent) watchers++;
  }
  return { signers, spectators: watchers };
}

async function noticeSigner(db: DbOrTx, context: NoticeContext, signer: Signatory, now: Date): Promise<boolean> {
  const { document } = context;
  const plan = { tries: document.tries, rememberEvery: document.rememberEvery, rememberAt: document.rememberAt, timeZone: context.timeZone };
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(signatories)
      .set({ notifiedAt: now, nextReminderAt: nextReminderAt(now, 0, plan) })
      .where(and(eq(signatories.id, signer.id), isNull(signatories.notifiedAt), eq(signatories.signStatus, "PENDING"), isNull(signatories.removedAt)))
      .returning();
    if (!claimed) return false;
    await sendSigningMessages(tx, context, claimed, { template: "signing-request" });
    return true;
  });
}

/** The signing e-mail, plus a WhatsApp message when the signer gave a phone. */
export async function sendSigningMessages(
  db: DbOrTx,
  context: NoticeContext,
  signer: Signatory,
  kind: { template: "signing-request" } | { template: "signing-reminder"; reminder: number },
  overQuota: "hold" | "refuse" = "hold",
): Promise<void> {
  const base = { name: signer.name, documentName: context.document.fileName, ownerName: context.ownerName, signingUrl: signingLink(signer.id), brand: context.brand };
  const common = { userId: context.document.ownerUserId, locale: context.ownerLocale, overQuota };
  const channels: { channel: "email" | "whatsapp"; to: string }[] = [{ channel: "email", to: signer.email }];
  if (signer.phone) channels.push({ channel: "whatsapp", to: signer.phone });
  for (const { channel, to } of channels) {
    if (kind.template === "signing-request") await sendMessage(db, { ...common, channel, to, template: "signing-request", params: base });
    else await sendMessage(db, { ...common, channel, to, template: "signing-reminder", params: { ...base, reminder: kind.reminder, of: context.document.tries } });
  }
}
