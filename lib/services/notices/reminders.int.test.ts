import { drizzle } from "drizzle-orm/postgres-js";
import { and, eq, inArray } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import * as schema from "@/lib/db/schema";
import { outboxMessages, reminderSends, signatories } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { cancelDocument } from "@/lib/services/documents/cancel-document";
import { createWorkFolder } from "@/lib/services/work-folders/create-work-folder";
import { seedDocument } from "@/test/factories/documents";
import { seedUser } from "@/test/factories/seed";
import { notifySignatories } from "./notify-signatories";
import { sendDueReminders } from "./send-due-reminders";

// A second, independent pool: a second worker process as far as PostgreSQL can tell.
const otherSql = postgres(env().DATABASE_URL!, { max: 4, onnotice: () => {} });
const otherWorker = drizzle(otherSql, { schema });
afterAll(() => otherSql.end());

const HOUR = 3_600_000;

let run = 0;

/** A document with two signers (one with a phone) and a spectator; e-mails unique per call. */
async function setup(options: { timeZone?: string; document?: Record<string, unknown> } = {}) {
  const { actor } = await seedUser();
  const n = ++run;
  const folder = await createWorkFolder(getDb(), actor, { name: "Recordatorios", time_zone: options.timeZone ?? "America/Mexico_City" });
  const id = await seedDocument(actor, {
    folderId: folder.id,
    tries: 3,
    remember_every: 2,
    remember_at: "09:30",
    signatures: [
      { name: "Begoña Núñez", email: `begona${n}@example.com` },
      { name: "José Ángel Peña", email: `jose${n}@example.com`, phone: `55123456${String(n).padStart(2, "0")}` },
    ],
    spectators: [{ name: "Íñigo Sáenz", email: `inigo${n}@example.com` }],
    ...options.document,
  });
  const people = await getDb().select().from(signatories).where(eq(signatories.documentId, id));
  return { actor, id, people };
}

/** Every hour from `from` for `days` days, as the per-minute job would see the clock. */
async function driveClock(from: Date, days: number, tick: (now: Date) => Promise<unknown>) {
  for (let t = from.getTime(); t <= from.getTime() + days * 24 * HOUR; t += HOUR / 2) await tick(new Date(t));
}

async function reminders(signatoryIds: string[]) {
  return getDb().select().from(reminderSends).where(inArray(reminderSends.signatoryId, signatoryIds)).orderBy(reminderSends.signatoryId, reminderSends.slot);
}

async function reminderMessages(to: string) {
  return getDb()
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, to), eq(outboxMessages.template, "signing-reminder")));
}

describe("reminders", () => {
  it("sends exactly `tries` reminders per pending signer, every remember_every days at remember_at in Mexico City", async () => {
    const { id, people } = await setup();
    // First notice at 2026-11-22 17:00 local (23:00Z).
    const firstNotice = new Date("2026-11-22T23:00:00Z");
    expect(await notifySignatories(getDb(), id, firstNotice)).toEqual({ signers: 2, spectators: 1 });
    await driveClock(firstNotice, 10, (now) => sendDueReminders(getDb(), now));

    const sent = await reminders(people.map((p) => p.id));
    expect(sent).toHaveLength(6);
    for (const person of people) {
      const mine = sent.filter((r) => r.signatoryId === person.id);
      expect(mine.map((r) => r.slot)).toEqual([1, 2, 3]);
      // 09:30 in Mexico City (UTC-6) is 15:30Z, two, four and six days after the 22nd.
      expect(mine.map((r) => r.dueAt.toISOString())).toEqual(["2026-11-24T15:30:00.000Z", "2026-11-26T15:30:00.000Z", "2026-11-28T15:30:00.000Z"]);
      // Sent at the first tick at or after the due time, never before.
      for (const r of mine) {
        expect(r.sentAt.getTime()).toBeGreaterThanOrEqual(r.dueAt.getTime());
        expect(r.sentAt.getTime() - r.dueAt.getTime()).toBeLessThan(HOUR / 2);
      }
    }
    // E-mail for both; WhatsApp too for the signer with a phone.
    const [begona, jose] = [people.find((p) => p.email.startsWith("begona"))!, people.find((p) => p.email.startsWith("jose"))!];
    expect(await reminderMessages(begona.email)).toHaveLength(3);
    expect(await reminderMessages(jose.email)).toHaveLength(3);
    expect(await reminderMessages(jose.phone!)).toHaveLength(3);
    const [third] = (await reminderMessages(begona.email)).filter((m) => m.text.includes("3 de 3"));
    expect(third!.subject).toBe("Recordatorio: «Contrato Ñandú.pdf» espera tu firma");
    expect(third!.text).toContain(`${env().APP_URL}/signature/sign-document/`);
  });

  it("follows the folder's time zone, including a daylight-saving change (Tijuana) and Tokyo", async () => {
    const tijuana = await setup({ timeZone: "America/Tijuana", document: { tries: 2, remember_every: 1, remember_at: "09:00" } });
    const notice = new Date("2027-03-13T16:00:00Z"); // 08:00 PST on 13 March; DST starts 14 March
    await notifySignatories(getDb(), tijuana.id, notice);
    await driveClock(notice, 4, (now) => sendDueReminders(getDb(), now));
    const sent = await reminders([tijuana.people[0]!.id]);
    expect(sent.map((r) => r.dueAt.toISOString())).toEqual(["2027-03-14T16:00:00.000Z", "2027-03-15T16:00:00.000Z"]); // 09:00 PDT (UTC-7)

    const tokyo = await setup({ timeZone: "Asia/Tokyo", document: { tries: 1, remember_every: 1, remember_at: "09:00" } });
    const tokyoNotice = new Date("2026-11-22T12:00:00Z"); // 21:00 in Tokyo
    await notifySignatories(getDb(), tokyo.id, tokyoNotice);
    await driveClock(tokyoNotice, 3, (now) => sendDueReminders(getDb(), now));
    expect((await reminders([tokyo.people[0]!.id])).map((r) => r.dueAt.toISOString())).toEqual(["2026-11-23T00:00:00.000Z"]);
  });

  it("stops reminding a signer who signed, and everyone once the document is cancelled", async () => {
    const { actor, id, people } = await setup();
    const [begona, jose] = [people.find((p) => p.email.startsWith("begona"))!, people.find((p) => p.email.startsWith("jose"))!];
    const notice = new Date("2026-11-22T23:00:00Z");
    await notifySignatories(getDb(), id, notice);
    await driveClock(notice, 2, (now) => sendDueReminders(getDb(), now)); // slot 1 sent to both
    await getDb().update(signatories).set({ signStatus: "SIGNED", signedAt: new Date() }).where(eq(signatories.id, begona.id));
    await driveClock(new Date(notice.getTime() + 2 * 24 * HOUR), 2, (now) => sendDueReminders(getDb(), now)); // slot 2 only for José
    await cancelDocument(getDb(), actor, id);
    await driveClock(new Date(notice.getTime() + 4 * 24 * HOUR), 6, (now) => sendDueReminders(getDb(), now));
    expect((await reminders([begona.id])).map((r) => r.slot)).toEqual([1]);
    expect((await reminders([jose.id])).map((r) => r.slot)).toEqual([1, 2]);
  });

  it("never sends the same reminder twice, with two workers racing on every tick", async () => {
    const { id, people } = await setup({ document: { tries: 4, remember_every: 1 } });
    const notice = new Date("2026-11-22T23:00:00Z");
    // Two notice jobs racing too: one first notice per signer.
    await Promise.all([notifySignatories(getDb(), id, notice), notifySignatories(otherWorker, id, notice)]);
    const begona = people.find((p) => p.email.startsWith("begona"))!;
    expect(await getDb().select().from(outboxMessages).where(and(eq(outboxMessages.template, "signing-request"), eq(outboxMessages.recipient, begona.email)))).toHaveLength(1);

    const allSends = async () => (await getDb().select().from(reminderSends)).length;
    const before = await allSends();
    let total = 0;
    await driveClock(notice, 7, async (now) => {
      const counts = await Promise.all([sendDueReminders(getDb(), now), sendDueReminders(otherWorker, now), sendDueReminders(getDb(), now)]);
      total += counts.reduce((a, b) => a + b, 0);
    });
    // What the workers report sending is exactly what was recorded, and each slot is there once.
    expect(total).toBe((await allSends()) - before);
    const sent = await reminders(people.map((p) => p.id));
    expect(sent.map((r) => `${r.signatoryId}:${r.slot}`).sort()).toEqual(people.flatMap((p) => [1, 2, 3, 4].map((k) => `${p.id}:${k}`)).sort());
    expect(await reminderMessages(begona.email)).toHaveLength(4);
  });

  it("after downtime sends only the latest missed reminder, not a burst", async () => {
    const { people, id } = await setup({ document: { tries: 3, remember_every: 1 } });
    const notice = new Date("2026-11-22T23:00:00Z");
    await notifySignatories(getDb(), id, notice);
    // The workers were down for three days.
    await sendDueReminders(getDb(), new Date("2026-11-26T00:00:00Z"));
    for (const p of people) expect((await reminders([p.id])).map((r) => r.slot)).toEqual([3]);
    await sendDueReminders(getDb(), new Date("2026-12-30T00:00:00Z"));
    expect(await reminders(people.map((p) => p.id))).toHaveLength(2);
  });

  it("sends nothing when notifications are disabled, and with ordered signing only to the signer whose turn it is", async () => {
    const off = await setup({ document: { notification_mode: "DISABLED" } });
    expect(await notifySignatories(getDb(), off.id, new Date("2026-11-22T23:00:00Z"))).toEqual({ signers: 0, spectators: 0 });
    await sendDueReminders(getDb(), new Date("2026-12-30T00:00:00Z"));
    expect(await reminders(off.people.map((p) => p.id))).toEqual([]);

    const ordered = await setup({ document: { signature_ordered: "ACTIVE", tries: 1, remember_every: 1 } });
    const notice = new Date("2026-11-22T23:00:00Z");
    expect(await notifySignatories(getDb(), ordered.id, notice)).toEqual({ signers: 1, spectators: 1 });
    const [first, second] = [...ordered.people].sort((a, b) => a.position - b.position);
    await driveClock(notice, 2, (now) => sendDueReminders(getDb(), now));
    expect((await reminders([first!.id, second!.id])).map((r) => r.signatoryId)).toEqual([first!.id]);
    // When the first signs, the next one's turn comes.
    await getDb().update(signatories).set({ signStatus: "SIGNED", nextReminderAt: null }).where(eq(signatories.id, first!.id));
    expect(await notifySignatories(getDb(), ordered.id, new Date("2026-11-25T00:00:00Z"))).toEqual({ signers: 1, spectators: 0 });
    expect(await notifySignatories(getDb(), ordered.id, new Date("2026-11-25T00:00:00Z"))).toEqual({ signers: 0, spectators: 0 });
  });
});
