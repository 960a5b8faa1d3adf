import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { auditEvents, users } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { seedUser } from "@/test/factories/seed";
import { listUserQuotas } from "./list-user-quotas";
import { setUserQuota } from "./set-user-quota";
import { spendTransaction } from "./spend-transaction";

async function errorOf(work: Promise<unknown>): Promise<AppError> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

const transactionsOf = async (id: string) => (await getDb().select({ n: users.transactions }).from(users).where(eq(users.id, id)))[0]!.n;

describe("identity quotas in the dashboard", () => {
  it("lets an admin see every user with the transactions left, and search by e-mail or name", async () => {
    const admin = await seedUser({ role: "admin" });
    const ana = await seedUser({ name: "Ana Núñez" });
    await spendTransaction(getDb(), ana.user.id);
    const list = await listUserQuotas(getDb(), admin.actor, { page: 1 });
    expect(list.rows.find((r) => r.id === ana.user.id)).toMatchObject({ email: ana.user.email, name: "Ana Núñez", role: "user", transactions: 99 });
    expect(list.rows.find((r) => r.id === admin.user.id)).toMatchObject({ role: "admin" });
    expect(list.total).toBeGreaterThanOrEqual(2);

    expect((await listUserQuotas(getDb(), admin.actor, { q: ana.user.email.toUpperCase(), page: 1 })).rows.map((r) => r.id)).toEqual([ana.user.id]);
    expect((await listUserQuotas(getDb(), admin.actor, { q: "ana núñez", page: 1 })).rows.map((r) => r.id)).toContain(ana.user.id);
    expect((await listUserQuotas(getDb(), admin.actor, { q: "%", page: 1 })).rows).toEqual([]);
  });

  it("lets an admin set a user's transactions, audited with the number before and after", async () => {
    const admin = await seedUser({ role: "admin" });
    const { user } = await seedUser();
    expect(await setUserQuota(getDb(), admin.actor, { userId: user.id, transactions: "250" })).toEqual({ userId: user.id, email: user.email, transactions: 250, previous: 100 });
    expect(await transactionsOf(user.id)).toBe(250);
    await setUserQuota(getDb(), admin.actor, { userId: user.id, transactions: 0 });
    expect(await transactionsOf(user.id)).toBe(0);
    // None left: the next creation is refused with the reference's 402.
    expect((await errorOf(spendTransaction(getDb(), user.id))).code).toBe("PAYMENT_REQUIRED");

    const audited = await getDb().select().from(auditEvents).where(and(eq(auditEvents.action, "quota.set"), eq(auditEvents.subjectId, user.id)));
    expect(audited.map((e) => [e.actorUserId, e.data])).toEqual([
      [admin.user.id, { from: 100, to: 250 }],
      [admin.user.id, { from: 250, to: 0 }],
    ]);
  });

  it("lets an admin set an account's documents and notices per period (blank: the default), audited; absent fields stay", async () => {
    const admin = await seedUser({ role: "admin" });
    const { user } = await seedUser();
    const perPeriod = async () => (await getDb().select({ d: users.documentQuota, n: users.noticeQuota }).from(users).where(eq(users.id, user.id)))[0];
    expect(await setUserQuota(getDb(), admin.actor, { userId: user.id, transactions: 100, documentQuota: "500", noticeQuota: "1500" })).toMatchObject({ documentQuota: 500, noticeQuota: 1500 });
    expect(await perPeriod()).toEqual({ d: 500, n: 1500 });
    await setUserQuota(getDb(), admin.actor, { userId: user.id, transactions: 100 });
    expect(await perPeriod()).toEqual({ d: 500, n: 1500 });
    await setUserQuota(getDb(), admin.actor, { userId: user.id, transactions: 100, documentQuota: " ", noticeQuota: "0" });
    expect(await perPeriod()).toEqual({ d: null, n: 0 });
    const audited = await getDb().select().from(auditEvents).where(and(eq(auditEvents.action, "quota.set"), eq(auditEvents.subjectId, user.id)));
    expect(audited.map((e) => e.data)).toEqual([
      { from: 100, to: 100, documentQuota: { from: null, to: 500 }, noticeQuota: { from: null, to: 1500 } },
      { from: 100, to: 100 },
      { from: 100, to: 100, documentQuota: { from: 500, to: null }, noticeQuota: { from: 1500, to: 0 } },
    ]);
    for (const documentQuota of [-1, "1.5", "abc", 10_000_001]) {
      const err = await errorOf(setUserQuota(getDb(), admin.actor, { userId: user.id, transactions: 100, documentQuota }));
      expect(Object.keys(err.errors ?? {}), JSON.stringify(documentQuota)).toEqual(["documentQuota"]);
    }
  });

  it("accepts only a whole number from 0 up, and answers 'not found' for an unknown user", async () => {
    const admin = await seedUser({ role: "admin" });
    const { user } = await seedUser();
    for (const transactions of [-1, "-1", 1.5, "2.5", "", "  ", "abc", null, undefined, 10_000_001]) {
      const err = await errorOf(setUserQuota(getDb(), admin.actor, { userId: user.id, transactions }));
      expect(err.code, JSON.stringify(transactions)).toBe("INVALID");
      expect(Object.keys(err.errors ?? {})).toEqual(["transactions"]);
    }
    expect((await errorOf(setUserQuota(getDb(), admin.actor, { userId: "nadie", transactions: 5 }))).errors).toHaveProperty("userId");
    expect(await transactionsOf(user.id)).toBe(100);
    expect((await errorOf(setUserQuota(getDb(), admin.actor, { userId: crypto.randomUUID(), transactions: 5 }))).code).toBe("NOT_FOUND");
  });

  it("refuses users who are not admins, and an admin's API key, and changes nothing", async () => {
    const plain = await seedUser();
    const victim = await seedUser();
    const admin = await seedUser({ role: "admin" });
    const viaKey: Actor = { ...admin.actor, via: "apiKey" };
    for (const actor of [plain.actor, viaKey]) {
      expect((await errorOf(setUserQuota(getDb(), actor, { userId: victim.user.id, transactions: 5000 }))).code).toBe("FORBIDDEN");
      expect((await errorOf(setUserQuota(getDb(), actor, { userId: actor.userId, transactions: 5000 }))).code).toBe("FORBIDDEN");
      expect((await errorOf(listUserQuotas(getDb(), actor, { page: 1 }))).code).toBe("FORBIDDEN");
    }
    expect(await transactionsOf(victim.user.id)).toBe(100);
    expect(await transactionsOf(plain.user.id)).toBe(100);
  });
});
