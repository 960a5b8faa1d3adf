import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { identitySessions, outboxMessages, users } from "@/lib/db/schema";
import { seedUserWithKey } from "@/test/factories/seed";
import { startVerification, startVerificationInput } from "./start-verification";

describe("startVerification (the dashboard's new verification)", () => {
  it("opens a session like the API's, spends one transaction, and sends the link by e-mail and WhatsApp", async () => {
    const { actor, user } = await seedUserWithKey({ name: "Financiera Ñandú" });
    const input = startVerificationInput.parse({ validations: ["INE", "CURP", "LIVENESS_DETECTION"], email: "cliente@example.com", phone: "55 1234 5678", reference: "cliente 42" });
    const { session, url } = await startVerification(getDb(), actor, input);
    expect(session).toMatchObject({ apiVersion: 3, validations: ["INE", "CURP", "LIVENESS_DETECTION"], optionals: { origen: "panel", referencia: "cliente 42" }, phoneNumber: "5512345678" });
    expect(url).toContain(`/identity/verify/${session.formToken}`);
    const sent = await getDb().select().from(outboxMessages).where(eq(outboxMessages.userId, user.id));
    expect(sent.map((m) => [m.channel, m.recipient]).sort()).toEqual([["email", "cliente@example.com"], ["whatsapp", "+525512345678"]]);
    for (const m of sent) expect(m.text).toContain(url);
    expect(sent.find((m) => m.channel === "email")!.subject).toContain("Financiera Ñandú");
    const [after] = await getDb().select({ transactions: users.transactions }).from(users).where(eq(users.id, user.id));
    expect(after!.transactions).toBe(user.transactions - 1);
  });

  it("refuses what the form should not send, and at zero transactions creates and sends nothing", async () => {
    expect(startVerificationInput.safeParse({ validations: [] }).success).toBe(false);
    expect(startVerificationInput.safeParse({ validations: ["INE"], email: "no-es-correo" }).success).toBe(false);
    expect(startVerificationInput.safeParse({ validations: ["INE"], phone: "123" }).success).toBe(false);
    const { actor, user } = await seedUserWithKey();
    await getDb().update(users).set({ transactions: 0 }).where(eq(users.id, user.id));
    await expect(startVerification(getDb(), actor, startVerificationInput.parse({ validations: ["INE"], email: "x@example.com" }))).rejects.toMatchObject({ code: "PAYMENT_REQUIRED" });
    expect(await getDb().$count(identitySessions, eq(identitySessions.userId, user.id))).toBe(0);
    expect(await getDb().$count(outboxMessages, eq(outboxMessages.userId, user.id))).toBe(0);
  });
});
