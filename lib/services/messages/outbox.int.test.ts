import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { seedUser } from "@/test/factories/seed";
import { eq } from "drizzle-orm";
import { outboxMessages } from "@/lib/db/schema";
import { confirmEmail } from "@/lib/services/users/confirm-email";
import { signUp } from "@/lib/services/users/sign-up";
import { dispatchMessage } from "./dispatch-message";
import { findOutboxMessage, listOutbox } from "./list-outbox";
import { sendMessage } from "./send-message";

describe("outgoing messages without SMTP or WhatsApp credentials", () => {
  it("confirming a new account's e-mail sends the welcome e-mail in the user's language, captured in their outbox", async () => {
    await signUp(getDb(), { name: "Nuño Peña", email: "nuno@example.com", password: "contraseña-1", locale: "en" });
    const [confirmation] = await getDb().select().from(outboxMessages).where(eq(outboxMessages.recipient, "nuno@example.com"));
    const { userId } = await confirmEmail(getDb(), /confirm-email\/([\w-]+)/.exec(confirmation!.text)![1]!);
    const actor = { userId, role: "user", locale: "en", via: "session" } as const;
    const [message] = await listOutbox(getDb(), actor);
    expect(message).toMatchObject({ channel: "email", recipient: "nuno@example.com", subject: "Welcome to Rúbrica", template: "welcome", locale: "en", status: "queued" });
    expect(message!.html).toContain("Hello Nuño Peña,");
    await dispatchMessage(getDb(), message!.id);
    const after = await findOutboxMessage(getDb(), actor, message!.id);
    expect(after).toMatchObject({ status: "captured", attempts: 1, error: null });
    expect(after!.sentAt).toBeInstanceOf(Date);
    // Dispatching again (a duplicate job) changes nothing.
    await dispatchMessage(getDb(), message!.id);
    expect((await findOutboxMessage(getDb(), actor, message!.id))!.attempts).toBe(1);
  });

  it("captures WhatsApp messages as plain text", async () => {
    const { user, actor } = await seedUser();
    const message = await sendMessage(getDb(), { userId: user.id, channel: "whatsapp", to: "5512345678", template: "welcome", locale: "es", params: { name: "Begoña", dashboardUrl: "http://localhost:3000/dashboard" } });
    await dispatchMessage(getDb(), message.id);
    const stored = await findOutboxMessage(getDb(), actor, message.id);
    expect(stored).toMatchObject({ channel: "whatsapp", status: "captured", html: null });
    expect(stored!.text).toContain("Hola, Begoña:");
  });

  it("shows a user only their own messages; an admin sees all", async () => {
    const a = await seedUser();
    const b = await seedUser();
    const admin = await seedUser({ role: "admin" });
    const m = await sendMessage(getDb(), { userId: a.user.id, channel: "email", to: a.user.email, template: "welcome", locale: "es", params: { name: "A", dashboardUrl: "http://x" } });
    expect((await listOutbox(getDb(), b.actor)).map((x) => x.id)).not.toContain(m.id);
    expect(await findOutboxMessage(getDb(), b.actor, m.id)).toBeNull();
    expect((await listOutbox(getDb(), a.actor)).map((x) => x.id)).toContain(m.id);
    expect((await listOutbox(getDb(), admin.actor)).map((x) => x.id)).toContain(m.id);
  });
});
