import { and, asc, eq, isNotNull, isNull, lte } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { documents, reminderSends, signatories } from "@/lib/db/schema";
import { loadNoticeContext, noticesEnabled } from "./notice-context";
import { sendSigningMessages } from "./notify-signatories";
import { dueSlot, nextReminderAt, reminderDueAt } from "./reminder-schedule";

const BATCH = 500;

/**
 * Sends every reminder due at `now` (the clock is a parameter so tests can drive days). Each
 * reminder is claimed by moving `reminders_sent` forward with a conditional UPDATE, in the same
 * transaction as its messages and its reminder_sends row (unique per slot): two workers, or a
 * retry after a crash, cannot send the same slot twice.
 */
export async function sendDueReminders(db: DbOrTx, now: Date = new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const due = await db
      .select({ id: signatories.id, documentId: signatories.documentId })
      .from(signatories)
      .innerJoin(documents, eq(documents.id, signatories.documentId))
      .where(and(isNotNull(signatories.nextReminderAt), lte(signatories.nextReminderAt, now), eq(signatories.signStatus, "PENDING"), isNull(signatories.removedAt)))
      .orderBy(asc(signatories.nextReminderAt))
      .limit(BATCH);
    let progressed = 0;
    for (const candidate of due) {
      const outcome = await remindOne(db, candidate.id, candidate.documentId, now);
      if (outcome !== "skipped") progressed++;
      if (outcome === "sent") sent++;
    }
    if (due.length < BATCH || progressed === 0) return sent;
  }
}

async function remindOne(db: DbOrTx, signatoryId: string, documentId: string, now: Date): Promise<"sent" | "cleared" | "skipped"> {
  const context = await loadNoticeContext(db, documentId);
  return db.transaction(async (tx) => {
    const [signer] = await tx.select().from(signatories).where(eq(signatories.id, signatoryId));
    if (!signer || !signer.notifiedAt || signer.signStatus !== "PENDING" || signer.removedAt) return "skipped";
    if (!context || !noticesEnabled(context)) {
      await tx.update(signatories).set({ nextReminderAt: null }).where(eq(signatories.id, signatoryId));
      return "cleared";
    }
    const { document } = context;
    const plan = { tries: document.tries, rememberEvery: document.rememberEvery, rememberAt: document.rememberAt, timeZone: context.timeZone };
    const slot = dueSlot(signer.notifiedAt, signer.remindersSent, plan, now);
    const next = nextReminderAt(signer.notifiedAt, slot ?? signer.remindersSent, plan);
    const [claimed] = await tx
      .update(signatories)
      .set({ remindersSent: slot ?? signer.remindersSent, nextReminderAt: next })
      .where(and(eq(signatories.id, signatoryId), eq(signatories.remindersSent, signer.remindersSent)))
      .returning();
    if (!claimed || slot === null) return claimed ? "cleared" : "skipped";
    const [logged] = await tx
      .insert(reminderSends)
      .values({ signatoryId, slot, dueAt: reminderDueAt(signer.notifiedAt, slot, plan), sentAt: now })
      .onConflictDoNothing()
      .returning();
    if (!logged) return "skipped";
    await sendSigningMessages(tx, context, claimed, { template: "signing-reminder", reminder: slot });
    return "sent";
  });
}
