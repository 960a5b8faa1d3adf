import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { seedUser } from "@/test/factories/seed";
import { dispatchMessage } from "./dispatch-message";
import { findOutboxMessage } from "./list-outbox";
import { sendMessage } from "./send-message";

// A real SMTP server on loopback: nodemailer speaks SMTP to it as it would to a provider.
const received: string[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, _session, done) {
    let data = "";
    stream.on("data", (c: Buffer) => (data += c.toString("utf8")));
    stream.on("end", () => {
      received.push(data);
      done();
    });
  },
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  resetEnvCache();
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvCache();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("e-mail with SMTP_URL set", () => {
  it("is sent through SMTP, with accents intact, and marked sent", async () => {
    const { user, actor } = await seedUser({ name: "Begoña Ibáñez" });
    const message = await sendMessage(getDb(), { userId: user.id, channel: "email", to: user.email, template: "welcome", locale: "es", params: { name: user.name, dashboardUrl: "http://localhost:3000/dashboard" } });
    await dispatchMessage(getDb(), message.id);
    const stored = await findOutboxMessage(getDb(), actor, message.id);
    expect(stored).toMatchObject({ status: "sent", attempts: 1, error: null });
    expect(stored!.providerMessageId).toMatch(/@/);
    const raw = received.find((r) => r.includes(stored!.providerMessageId!));
    expect(raw).toBeDefined();
    expect(raw).toMatch(new RegExp(`^To: ${user.email}`, "m"));
    expect(raw).toContain("Subject: =?UTF-8?");
  });

  it("records a failure and leaves the message queued for the job's retry", async () => {
    const { user, actor } = await seedUser();
    process.env.SMTP_URL = "smtp://127.0.0.1:9"; // nothing listens there
    resetEnvCache();
    try {
      const message = await sendMessage(getDb(), { userId: user.id, channel: "email", to: user.email, template: "welcome", locale: "es", params: { name: "X", dashboardUrl: "http://x" } });
      await expect(dispatchMessage(getDb(), message.id)).rejects.toThrow();
      expect(await findOutboxMessage(getDb(), actor, message.id)).toMatchObject({ status: "queued", attempts: 1, error: expect.stringMatching(/ECONNREFUSED/) });
    } finally {
      process.env.SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
      resetEnvCache();
    }
  });
});
