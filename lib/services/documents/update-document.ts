import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/lib/db/client";
import { documents, folderMemberships, signatories, spectators, workFolders, type DocumentRow, type Signatory } from "@/lib/db/schema";
import { AppError, INVALID_DATA_MESSAGE, invalid } from "@/lib/errors";
import { enqueue } from "@/lib/jobs/queue";
import { hasPositions, type SignatoryInput, type UpdateDocumentInput } from "@/lib/schemas/signing";
import type { Actor } from "@/lib/services/actor";
import type { FolderRole } from "@/lib/services/work-folders/folder-access";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { nextReminderAt } from "@/lib/services/notices/reminder-schedule";
import { findAccessibleDocument } from "./document-view";
import { assertOpenForChanges } from "./document-state";
import { serializePositions } from "./signatory-positions";

/**
 * PATCH of the reference: signers matched by e-mail (signed or rejected ones cannot change or
 * go), new ones added and notified, missing pending ones removed (their links stop working),
 * spectators replaced, reminder settings and folder changed. One transaction, the document row
 * locked, so two concurrent updates apply one after the other.
 */
export async function updateDocument(db: DbOrTx, actor: Actor, documentId: string, input: UpdateDocumentInput): Promise<void> {
  await db.transaction(async (tx) => {
    const { document, role } = await findAccessibleDocument(tx, actor, documentId, { forUpdate: true });
    assertOpenForChanges(document);
    const changes: Partial<DocumentRow> = { updatedAt: new Date() };
    if (input.company_id && input.company_id !== document.folderId) {
      await assertMayMove(tx, actor, document, role, input.company_id);
      changes.folderId = input.company_id;
    }
    if (input.tries !== undefined) changes.tries = input.tries;
    if (input.remember_every !== undefined) changes.rememberEvery = input.remember_every;
    if (input.remember_at !== undefined) changes.rememberAt = input.remember_at;
    if (input.sign_position !== undefined) changes.signPosition = input.sign_position;
    else if (hasPositions(input.signatures)) changes.signPosition = "CUSTOM";
    if (input.notification_mode !== undefined) changes.notificationMode = input.notification_mode;
    const [updated] = await tx.update(documents).set(changes).where(eq(documents.id, documentId)).returning();

    const summary: Record<string, unknown> = { fields: Object.keys(input) };
    // Where signers are sent afterwards is the uploader's (or the folder owner's) to say, as a move is.
    const mayRedirect = document.ownerUserId === actor.userId || role === "owner";
    if (input.signatures) Object.assign(summary, await replaceSignatories(tx, updated!, input.signatures, mayRedirect));
    if (input.spectators) await replaceSpectators(tx, documentId, input.spectators);
    await rescheduleReminders(tx, updated!);
    await recordAuditEvent(tx, { actorUserId: actor.userId, action: "document.updated", subjectType: "document", subjectId: documentId, data: summary });
    if (updated!.notificationMode === "ENABLED") await enqueue("notify-signatories", { documentId }, {}, tx);
  });
}

/**
 * A move takes the document out of its folder and into another (README, "Who may do what"):
 * out of it only its owner or the folder's owner (a member who did not upload it may edit it,
 * not take it away); into a folder the actor belongs to; and only into a folder its owner also
 * belongs to, since reading a document is belonging to its folder: its owner never loses it.
 */
async function assertMayMove(tx: Tx, actor: Actor, document: DocumentRow, role: FolderRole, targetFolderId: string) {
  if (document.ownerUserId !== actor.userId && role !== "owner") throw new AppError("FORBIDDEN", "Only the document's owner or the folder's owner can move it to another folder.");
  const members = await tx
    .select({ userId: folderMemberships.userId })
    .from(folderMemberships)
    .where(and(eq(folderMemberships.folderId, targetFolderId), inArray(folderMemberships.userId, [actor.userId, document.ownerUserId])));
  // The same answer for a folder that does not exist and one the actor is not in.
  if (!members.some((m) => m.userId === actor.userId)) throw invalid("company_id", "No work folder with this id is yours or shared with you.");
  if (!members.some((m) => m.userId === document.ownerUserId)) throw invalid("company_id", "The document's owner is not a member of that folder: moved there, they would lose it.");
}

async function replaceSignatories(tx: Tx, document: DocumentRow, given: SignatoryInput[], mayRedirect: boolean) {
  const current = await tx.select().from(signatories).where(and(eq(signatories.documentId, document.id), isNull(signatories.removedAt)));
  const byEmail = new Map(current.map((s) => [s.email.toLowerCase(), s]));
  const wanted = keepFixedRfcs(current, given);
  if (!mayRedirect) assertRedirectsUnchanged(byEmail, wanted);
  const wantedEmails = new Set(wanted.map((w) => w.email));
  const positions = serializePositions(wanted, document.pageCount);

  for (const s of current) {
    if (s.signStatus === "PENDING") continue;
    const verb = s.signStatus === "SIGNED" ? "signed" : "rejected";
    const i = wanted.findIndex((w) => w.email === s.email.toLowerCase());
    if (i < 0) throw new AppError("CONFLICT", `${s.email} already ${verb}; a signatory who ${verb} cannot be removed.`);
    if (differs(s, wanted[i]!, positions[i]!)) throw new AppError("CONFLICT", `${s.email} already ${verb}; their name, phone, RFC and positions cannot change.`);
  }

  const now = new Date();
  const removed = current.filter((s) => s.signStatus === "PENDING" && !wantedEmails.has(s.email.toLowerCase()));
  if (removed.length) {
    await tx.update(signatories).set({ removedAt: now, nextReminderAt: null, updatedAt: now }).where(inArray(signatories.id, removed.map((s) => s.id)));
  }
  let added = 0;
  for (const [i, w] of wanted.entries()) {
    const existing = byEmail.get(w.email);
    const fields = { position: i, name: w.name, phone: w.phone ?? null, rfc: w.rfc ?? null, curp: w.curp ?? null, positions: positions[i]!, ...(w.redirect_url !== undefined && { redirectUrl: w.redirect_url }) };
    if (!existing) {
      // Who takes the place of a signer whose RFC the template fixed holds it fixed in turn.
      const rfcFixed = w.rfc != null && current.some((s) => s.rfcFixed && s.rfc === w.rfc);
      await tx.insert(signatories).values({ documentId: document.id, email: w.email, ...fields, rfcFixed });
      added++;
    } else if (existing.signStatus === "PENDING" && (differs(existing, w, positions[i]!) || existing.position !== i || ("redirectUrl" in fields && fields.redirectUrl !== existing.redirectUrl))) {
      await tx.update(signatories).set({ ...fields, updatedAt: now }).where(eq(signatories.id, existing.id));
    } else if (existing.position !== i) {
      await tx.update(signatories).set({ position: i }).where(eq(signatories.id, existing.id));
    }
  }
  return { added, removed: removed.map((s) => s.email) };
}

/**
 * A template's fixed RFC stays fixed, for whoever edits (README, templates): its signer keeps it
 * when the list leaves the RFC out and may not get another; one who goes must leave a new signer
 * with that RFC in the list. Otherwise a member could swap the RFC the template's owner required.
 */
function keepFixedRfcs(current: Signatory[], given: SignatoryInput[]): SignatoryInput[] {
  const wanted = [...given];
  const errors: Record<string, string[]> = {};
  const emails = new Set(current.map((s) => s.email.toLowerCase()));
  for (const fixed of current.filter((s) => s.rfcFixed && s.rfc)) {
    const i = wanted.findIndex((w) => w.email === fixed.email.toLowerCase());
    if (i >= 0 && wanted[i]!.rfc != null && wanted[i]!.rfc !== fixed.rfc) (errors[`signatures.${i}.rfc`] ??= []).push(`The template fixes this signer's RFC: ${fixed.rfc}.`);
    else if (i >= 0) wanted[i] = { ...wanted[i]!, rfc: fixed.rfc };
    else if (!wanted.some((w) => !emails.has(w.email) && w.rfc === fixed.rfc)) {
      (errors.signatures ??= []).push(`The template fixes RFC ${fixed.rfc} for a signer of this document: the list must keep a signer with that RFC.`);
    }
  }
  if (Object.keys(errors).length) throw new AppError("INVALID", INVALID_DATA_MESSAGE, errors);
  return wanted;
}

/** A member who did not upload the document edits its signers, not where they are sent afterwards. */
function assertRedirectsUnchanged(byEmail: Map<string, Signatory>, wanted: SignatoryInput[]) {
  for (const w of wanted) {
    if (w.redirect_url === undefined) continue;
    const before = byEmail.get(w.email)?.redirectUrl ?? null;
    if ((w.redirect_url ?? null) !== before) throw new AppError("FORBIDDEN", "Only the document's owner or the folder's owner can set a signer's redirect_url.");
  }
}

function differs(s: Signatory, w: SignatoryInput, positions: string | null): boolean {
  // Signing fills the CURP from the certificate: a list that leaves it out changes nothing then.
  const curpDiffers = s.signStatus === "PENDING" ? (s.curp ?? null) !== (w.curp ?? null) : w.curp != null && w.curp !== s.curp;
  return s.name !== w.name || (s.phone ?? null) !== (w.phone ?? null) || (s.rfc ?? null) !== (w.rfc ?? null) || curpDiffers || (s.positions ?? null) !== positions;
}

/** Spectators are replaced; one who stays keeps their "already notified" mark. */
async function replaceSpectators(tx: Tx, documentId: string, wanted: { name: string; email: string }[]) {
  const before = await tx.select().from(spectators).where(eq(spectators.documentId, documentId));
  const notified = new Map(before.map((s) => [s.email.toLowerCase(), s.notifiedAt]));
  await tx.delete(spectators).where(eq(spectators.documentId, documentId));
  if (wanted.length) {
    await tx.insert(spectators).values(wanted.map((w, i) => ({ documentId, position: i, name: w.name, email: w.email, notifiedAt: notified.get(w.email) ?? null })));
  }
}

/** A new schedule applies to reminders not yet sent. */
async function rescheduleReminders(tx: Tx, document: DocumentRow) {
  const [folder] = await tx.select({ timeZone: workFolders.timeZone }).from(workFolders).where(eq(workFolders.id, document.folderId));
  const plan = { tries: document.tries, rememberEvery: document.rememberEvery, rememberAt: document.rememberAt, timeZone: folder!.timeZone };
  const waiting = await tx
    .select()
    .from(signatories)
    .where(and(eq(signatories.documentId, document.id), eq(signatories.signStatus, "PENDING"), isNull(signatories.removedAt)));
  for (const s of waiting) {
    if (!s.notifiedAt) continue;
    const next = nextReminderAt(s.notifiedAt, s.remindersSent, plan);
    if (next?.getTime() !== s.nextReminderAt?.getTime()) await tx.update(signatories).set({ nextReminderAt: next }).where(eq(signatories.id, s.id));
  }
}
