import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { REFUSED_TARGET_MESSAGE } from "@/lib/adapters/webhook-http/post-webhook";
import { getDb } from "@/lib/db/client";
import { webhookAttempts, webhookDeliveries } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { startWorker, stopWorker } from "@/lib/jobs/worker";
import { seedUser } from "@/test/factories/seed";
import { waitFor } from "@/test/webhook-server";
import { attemptWebhookDelivery } from "./attempt-webhook-delivery";
import { enqueueWebhook } from "./enqueue-webhook";
import { listWebhookDeliveries } from "./list-webhook-deliveries";
import { redeliverWebhook } from "./redeliver-webhook";
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from "./retry-schedule";

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A local webhook receiver answering with whatever status `respond` says. */
function receiver(respond: (n: number) => number) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(respond(received.length)).end("ok");
    });
  });
  return {
    received,
    start: () => new Promise<string>((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const payload = { uuid: "5b0e2e0c-6c1c-4d1e-9d5e-2f7e2c1a0b11", status: "OK", nombre_titular: "MARÍA GUADALUPE PÉREZ LÓPEZ", importe: "1234.50" };

describe("outgoing webhooks", () => {
  const ok = receiver(() => 200);
  const failing = receiver(() => 503);
  let okUrl = "";
  let failingUrl = "";
  beforeAll(async () => {
    okUrl = await ok.start();
    failingUrl = await failing.start();
  });
  afterAll(async () => {
    await stopWorker();
    await ok.stop();
    await failing.stop();
  });
  afterEach(() => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    resetEnvCache();
  });

  it("delivers through the job worker, signed so that the standardwebhooks package verifies it", async () => {
    const { user } = await seedUser();
    await startWorker();
    const delivery = await enqueueWebhook(getDb(), { userId: user.id, eventType: "electricity.validation.finished", url: okUrl, payload });
    const got = await waitFor(async () => ok.received.find((r) => r.headers["webhook-id"] === `msg_${delivery.id}`));
    expect(JSON.parse(got.body)).toEqual(payload);
    expect(got.headers["content-type"]).toBe("application/json");
    expect(got.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    const verified = new Webhook(user.webhookSecret).verify(got.body, {
      "webhook-id": String(got.headers["webhook-id"]),
      "webhook-timestamp": String(got.headers["webhook-timestamp"]),
      "webhook-signature": String(got.headers["webhook-signature"]),
    });
    expect(verified).toEqual(payload);
    const row = await waitFor(async () => {
      const [d] = await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id));
      return d?.status === "succeeded" ? d : undefined;
    });
    expect(row).toMatchObject({ attempts: 1, lastStatusCode: 200, nextAttemptAt: null, lastError: null });
  });

  it("retries a failing receiver on the backoff schedule, then gives up after the last attempt", async () => {
    const { user } = await seedUser();
    const [delivery] = await getDb().insert(webhookDeliveries).values({ userId: user.id, eventType: "test", url: failingUrl, payload }).returning();
    let now = new Date("2026-11-21T12:00:00Z");
    const ids = new Set<string>();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const outcome = await attemptWebhookDelivery(getDb(), delivery!.id, now);
      const delay = RETRY_DELAYS_SECONDS[attempt - 1];
      if (delay !== undefined) {
        expect(outcome).toEqual({ kind: "retry", nextAttemptAt: new Date(now.getTime() + delay * 1000) });
        now = new Date(now.getTime() + delay * 1000);
      } else {
        expect(outcome).toEqual({ kind: "failed", reason: "HTTP 503" });
      }
      ids.add(String(failing.received.at(-1)!.headers["webhook-id"]));
    }
    expect(ids).toEqual(new Set([`msg_${delivery!.id}`])); // the same id on every attempt
    const attempts = await getDb().select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery!.id));
    expect(attempts.map((a) => [a.attempt, a.statusCode])).toEqual(Array.from({ length: MAX_ATTEMPTS }, (_, i) => [i + 1, 503]));
    const [row] = await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery!.id));
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, nextAttemptAt: null, lastError: "HTTP 503" });
    const spanHours = (now.getTime() - new Date("2026-11-21T12:00:00Z").getTime()) / 3_600_000;
    expect(spanHours).toBeGreaterThanOrEqual(24);
    // A finished delivery is not sent again by a duplicate job.
    const before = failing.received.length;
    expect(await attemptWebhookDelivery(getDb(), delivery!.id, now)).toEqual({ kind: "skipped" });
    expect(failing.received.length).toBe(before);
  });

  it("refuses loopback and private targets when the guard is on, without sending anything", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "false";
    resetEnvCache();
    const { user } = await seedUser();
    const before = ok.received.length;
    for (const url of [okUrl, okUrl.replace("127.0.0.1", "localhost"), "http://10.1.2.3/hook", "http://[::1]:9/hook", "http://169.254.169.254/latest/meta-data"]) {
      const [delivery] = await getDb().insert(webhookDeliveries).values({ userId: user.id, eventType: "test", url, payload }).returning();
      const outcome = await attemptWebhookDelivery(getDb(), delivery!.id);
      expect(outcome.kind, url).toBe("failed");
      // One generic refusal: it never tells what a hostname resolves to.
      expect((outcome as { reason: string }).reason).toBe(REFUSED_TARGET_MESSAGE);
      const [attempt] = await getDb().select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery!.id));
      expect(attempt!.error).toBe(REFUSED_TARGET_MESSAGE);
      expect(attempt!.error).not.toMatch(/127\.0\.0\.1|::1|resolves/);
    }
    expect(ok.received.length).toBe(before);
  });

  it("lets the owner redeliver, and nobody else", async () => {
    const owner = await seedUser();
    const stranger = await seedUser();
    const [delivery] = await getDb().insert(webhookDeliveries).values({ userId: owner.user.id, eventType: "test", url: okUrl, payload, status: "failed", attempts: 8 }).returning();
    const err = await redeliverWebhook(getDb(), stranger.actor, delivery!.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("NOT_FOUND");
    expect(await listWebhookDeliveries(getDb(), stranger.actor)).toEqual([]);
    await redeliverWebhook(getDb(), owner.actor, delivery!.id);
    await startWorker();
    await waitFor(async () => ok.received.find((r) => r.headers["webhook-id"] === `msg_${delivery!.id}`));
    const [listed] = await listWebhookDeliveries(getDb(), owner.actor);
    expect(listed!.id).toBe(delivery!.id);
    await waitFor(async () => ((await listWebhookDeliveries(getDb(), owner.actor))[0]!.status === "succeeded" ? true : undefined));
  });
});
