import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { identitySessions, webhookDeliveries } from "@/lib/db/schema";
import { startWorker } from "@/lib/jobs/worker";
import { createSessionV3Body } from "@/lib/schemas/identity-sessions";
import { seedUser } from "@/test/factories/seed";
import { verifyWebhook, waitFor, receiverForWorkerTests } from "@/test/webhook-receiver";
import { createIdentitySession } from "./create-identity-session";
import { failAbandonedSessions } from "./fail-abandoned-sessions";
import { moveSession, SESSION_EVENT } from "./move-session";

const HOUR = 3_600_000;
const created = new Date("2026-11-20T15:00:00.000Z");

async function open(actor: Awaited<ReturnType<typeof seedUser>>["actor"], body: unknown) {
  return createIdentitySession(getDb(), actor, createSessionV3Body.parse(body), { apiVersion: 3, now: created });
}
async function statusOf(id: string) {
  const [row] = await getDb().select({ status: identitySessions.status, result: identitySessions.result, updatedAt: identitySessions.updatedAt }).from(identitySessions).where(eq(identitySessions.id, id));
  return row!;
}
async function deliveriesOf(userId: string) {
  return getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.userId, userId));
}

describe("abandoned sessions", () => {
  it("stay OPEN until SESSION_TTL_HOURS (72) have passed, then become FAILED with result 0 and one webhook", async () => {
    const { user, actor } = await seedUser();
    const optionals = { zeta: "última", alfa: [1, { ñ: true }] };
    const session = await open(actor, { webhook: "https://cliente.example/h", optionals });

    expect(await failAbandonedSessions(getDb(), new Date(created.getTime() + 72 * HOUR - 1))).toBe(0);
    expect(await statusOf(session.id)).toMatchObject({ status: "OPEN", result: null });

    const expiry = new Date(created.getTime() + 72 * HOUR);
    expect(await failAbandonedSessions(getDb(), expiry)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(session.id)).toEqual({ status: "FAILED", result: 0, updatedAt: expiry });

    // Again, later, or by a second worker: nothing moves and no second webhook.
    await Promise.all([failAbandonedSessions(getDb(), new Date(expiry.getTime() + HOUR)), failAbandonedSessions(getDb(), new Date(expiry.getTime() + HOUR))]);
    const deliveries = await deliveriesOf(user.id);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ eventType: SESSION_EVENT, url: "https://cliente.example/h" });
    const payload = deliveries[0]!.payload as { event: string; previous_status: string; data: Record<string, unknown> };
    expect(payload).toMatchObject({ event: "identity_session.status_changed", previous_status: "OPEN", data: { id: session.id, status: "FAILED", result: 0, files: [] } });
    expect(JSON.stringify(payload.data.optionals)).toBe(JSON.stringify(optionals));
  });

  it("fails a VERIFYING session past its expiry too, and leaves FINISHED ones and sessions without webhook quiet", async () => {
    const { user, actor } = await seedUser();
    const verifying = await open(actor, { with_webhook_binaries: false, webhook: "https://cliente.example/v" });
    const finished = await open(actor, { webhook: "https://cliente.example/f" });
    const silent = await open(actor, {});
    const later = new Date(created.getTime() + HOUR);
    expect(await moveSession(getDb(), verifying.id, { from: ["OPEN"], to: "VERIFYING", now: later })).toMatchObject({ status: "VERIFYING" });
    expect(await moveSession(getDb(), finished.id, { from: ["OPEN"], to: "VERIFYING", now: later })).toMatchObject({ status: "VERIFYING" });
    expect(await moveSession(getDb(), finished.id, { from: ["VERIFYING"], to: "FINISHED", result: 100, now: later })).toMatchObject({ status: "FINISHED", result: 100 });
    // A move from a state the session is not in does nothing.
    expect(await moveSession(getDb(), finished.id, { from: ["OPEN"], to: "VERIFYING", now: later })).toBeNull();

    await failAbandonedSessions(getDb(), new Date(created.getTime() + 100 * HOUR));
    expect(await statusOf(verifying.id)).toMatchObject({ status: "FAILED", result: 0 });
    expect(await statusOf(finished.id)).toMatchObject({ status: "FINISHED", result: 100 });
    expect(await statusOf(silent.id)).toMatchObject({ status: "FAILED", result: 0 });

    const byUrl = (url: string) => deliveriesOf(user.id).then((all) => all.filter((d) => d.url === url).map((d) => d.payload as { previous_status: string; data: Record<string, unknown> }));
    const verifyingEvents = await byUrl("https://cliente.example/v");
    expect(verifyingEvents.map((e) => [e.previous_status, e.data.status])).toEqual([["OPEN", "VERIFYING"], ["VERIFYING", "FAILED"]]);
    // with_webhook_binaries false: no files in the body at all.
    expect(verifyingEvents.every((e) => !("files" in e.data))).toBe(true);
    expect((await byUrl("https://cliente.example/f")).map((e) => e.data.status)).toEqual(["VERIFYING", "FINISHED"]);
    expect(await deliveriesOf(user.id)).toHaveLength(4);
  });

  it("moves once when racing: 10 concurrent moves of one session, one winner, one webhook", async () => {
    const { user, actor } = await seedUser();
    const session = await open(actor, { webhook: "https://cliente.example/r" });
    const now = new Date(created.getTime() + HOUR);
    const moves = await Promise.all(Array.from({ length: 10 }, () => moveSession(getDb(), session.id, { from: ["OPEN"], to: "VERIFYING", now })));
    expect(moves.filter(Boolean)).toHaveLength(1);
    expect(await deliveriesOf(user.id)).toHaveLength(1);
  });
});

describe("the status webhook through the worker", () => {
  const hooks = receiverForWorkerTests();

  it("is delivered signed, with the session as version 2 shows it", async () => {
    const { user, actor } = await seedUser();
    const session = await open(actor, { webhook: hooks.url(), optionals: { pedido: 42 } });
    await startWorker();
    await failAbandonedSessions(getDb(), new Date(created.getTime() + 73 * HOUR));
    const got = await waitFor(() => hooks.received.find((r) => JSON.parse(r.body).data?.id === session.id));
    const body = verifyWebhook(user.webhookSecret, got) as { previous_status: string; data: Record<string, unknown>; meta: unknown };
    expect(body.previous_status).toBe("OPEN");
    expect(body.data).toMatchObject({ object: "VerificationSession", id: session.id, status: "FAILED", result: 0, optionals: { pedido: 42 }, errors: ["sesion_expirada"], ine: null, renapo: null, files: [], comments: [] });
    expect(body.meta).toEqual({ include: ["ine", "renapo", "files"] });
  });
});
