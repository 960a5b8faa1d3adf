import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

// The receiver without vitest, so a Playwright spec (e2e/multi-instance.spec.ts) can use it too.

export type Received = { headers: http.IncomingHttpHeaders; body: string; at: number };

/** A local webhook receiver answering with whatever status `respond` says. */
export function webhookReceiver(respond: (n: number) => number = () => 200) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ headers: req.headers, body, at: Date.now() });
      res.writeHead(respond(received.length)).end("ok");
    });
  });
  return {
    received,
    start: () => new Promise<string>((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Verifies a received webhook with the standardwebhooks package (throws when it does not verify),
 * as of the moment it arrived: a receiver verifies on receipt, and its five-minute tolerance on
 * webhook-timestamp must not depend on how long a test runs before it looks.
 */
export function verifyWebhook(secret: string, got: Received): unknown {
  const now = Date.now;
  Date.now = () => got.at; // the package reads the clock only through Date.now
  try {
    return new Webhook(secret).verify(got.body, {
      "webhook-id": String(got.headers["webhook-id"]),
      "webhook-timestamp": String(got.headers["webhook-timestamp"]),
      "webhook-signature": String(got.headers["webhook-signature"]),
    });
  } finally {
    Date.now = now;
  }
}

export async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}
