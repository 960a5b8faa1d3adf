import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { identitySessions, outboxMessages, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { POST } from "./route";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const BASE = "/identity/v3/identity/sessions";
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;
const PNG_DATA_URI = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

async function create(key: string, body?: string | unknown) {
  const res = await call(POST, BASE, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", accept: "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { res, json: (await res.json()) as Json };
}

async function transactionsOf(userId: string) {
  const [row] = await getDb().select({ transactions: users.transactions }).from(users).where(eq(users.id, userId));
  return row!.transactions;
}

describe("POST /identity/v3/identity/sessions (operation 9)", () => {
  it("accepts an empty body: 201 with the flat session, every field and its default, and spends one transaction", async () => {
    const { key, user } = await seedUserWithKey();
    for (const body of [undefined, "{}"]) {
      const { res, json } = await create(key, body);
      expect(res.status).toBe(201);
      expect(Object.keys(json).sort()).toEqual(["created_at", "custom_branding", "redirect_url", "result", "status", "updated_at", "uuid", "verification_url", "webhook", "with_webhook_binaries"]);
      expect(json.uuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(json.status).toBe("OPEN");
      expect(json.created_at).toMatch(ISO_WITH_OFFSET);
      expect(json.updated_at).toBe(json.created_at);
      expect(json).toMatchObject({ webhook: null, with_webhook_binaries: true, custom_branding: null, redirect_url: null, result: null });
      // The page has its own token: the uuid does not appear in it.
      expect(json.verification_url).toMatch(new RegExp(`^${env().APP_URL}/identity/verify/[A-Za-z0-9_-]{43}$`));
      expect(json.verification_url).not.toContain(json.uuid);
      const [row] = await getDb().select().from(identitySessions).where(eq(identitySessions.id, json.uuid));
      expect(row).toMatchObject({ userId: user.id, validations: ["INE", "CURP"], onlyMobileDevices: false, phoneNumber: null, optionals: null, apiVersion: 3 });
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(72 * 3_600_000);
    }
    expect(await transactionsOf(user.id)).toBe(user.transactions - 2);
  });

  it("keeps every field as sent: validations, URLs, flags, branding, and optionals exactly (key order, nesting, accents)", async () => {
    const { key } = await seedUserWithKey();
    const optionals = { zeta: 1, alfa: { cliente: "Begoña Núñez", ids: [3, 1, 2] }, "número": null, flag: false };
    const body = {
      validations: ["LIVENESS_DETECTION", "INE", "INE"],
      redirect_url: "https://cliente.example/gracias?x=1",
      webhook: "https://cliente.example/hooks/identidad",
      with_webhook_binaries: false,
      only_mobile_devices: true,
      optionals,
      custom_branding: { primary_color: "#0B5FFF", secondary_color: "#fff", logo: PNG_DATA_URI },
    };
    const { res, json } = await create(key, body);
    expect(res.status).toBe(201);
    expect(json).toMatchObject({
      status: "OPEN",
      result: null,
      redirect_url: body.redirect_url,
      webhook: body.webhook,
      with_webhook_binaries: false,
      custom_branding: body.custom_branding,
    });
    const [row] = await getDb().select().from(identitySessions).where(eq(identitySessions.id, json.uuid));
    expect(row!.validations).toEqual(["LIVENESS_DETECTION", "INE"]);
    expect(row!.onlyMobileDevices).toBe(true);
    expect(JSON.stringify(row!.optionals)).toBe(JSON.stringify(optionals));

    const withUrlLogo = await create(key, { custom_branding: { logo: "https://cliente.example/logo.svg" } });
    expect(withUrlLogo.json.custom_branding).toEqual({ logo: "https://cliente.example/logo.svg" });
    expect((await create(key, { custom_branding: {} })).json.custom_branding).toBeNull();
  });

  it("sends the verification link by WhatsApp to +52 and the 10 digits, in Spanish", async () => {
    const { key, user } = await seedUserWithKey({ name: "Notaría Pública 7 de Querétaro" });
    const { json } = await create(key, { phone_number: "5512345678" });
    const messages = await getDb().select().from(outboxMessages).where(and(eq(outboxMessages.userId, user.id), eq(outboxMessages.channel, "whatsapp")));
    expect(messages).toHaveLength(1);
    expect(messages[0]!.recipient).toBe("+525512345678");
    expect(messages[0]!.text).toContain("Notaría Pública 7 de Querétaro te pide verificar tu identidad");
    expect(messages[0]!.text).toContain(json.verification_url);
    // Without a phone, nothing is sent.
    await create(key, {});
    expect(await getDb().$count(outboxMessages, and(eq(outboxMessages.userId, user.id), eq(outboxMessages.channel, "whatsapp")))).toBe(1);
  });

  it("answers 422 with field paths for each invalid field, spending nothing and creating nothing", async () => {
    const { key, user } = await seedUserWithKey();
    const cases: [unknown, Record<string, string[]>][] = [
      [{ validations: ["INE", "PASSPORT"] }, { "validations.1": ["The selected validation is invalid: use INE, CURP or LIVENESS_DETECTION."] }],
      [{ validations: ["FACE"] }, { "validations.0": ["The selected validation is invalid: use INE, CURP or LIVENESS_DETECTION."] }],
      [{ validations: [] }, { validations: ["The validations field must have at least 1 item."] }],
      [{ validations: "INE" }, { validations: ["The validations field must be an array."] }],
      [{ redirect_url: "javascript:alert(1)" }, { redirect_url: ["The redirect_url field must be a valid http(s) URL."] }],
      [{ webhook: "ftp://x.example/h" }, { webhook: ["The webhook field must be a valid http(s) URL."] }],
      [{ with_webhook_binaries: "yes", only_mobile_devices: 1 }, { with_webhook_binaries: ["The with_webhook_binaries field must be true or false."], only_mobile_devices: ["The only_mobile_devices field must be true or false."] }],
      [{ phone_number: "+525512345678" }, { phone_number: ["The phone_number field must be 10 digits (national format, no +52)."] }],
      [{ phone_number: "551234567" }, { phone_number: ["The phone_number field must be 10 digits (national format, no +52)."] }],
      [{ optionals: ["a"] }, { optionals: ["The optionals field must be an object."] }],
      [{ optionals: { big: "x".repeat(16_400) } }, { optionals: ["The optionals field must not be greater than 16 KB."] }],
      [{ custom_branding: "azul" }, { custom_branding: ["The custom_branding field must be an object."] }],
      [{ custom_branding: { primary_color: "blue", secondary_color: "#12345" } }, { "custom_branding.primary_color": ["The custom_branding.primary_color field must be a hexadecimal color such as #1A2B3C."], "custom_branding.secondary_color": ["The custom_branding.secondary_color field must be a hexadecimal color such as #1A2B3C."] }],
      [{ custom_branding: { logo: "logo.png" } }, { "custom_branding.logo": ["The custom_branding.logo field must be an http(s) URL or an image data URI (data:image/png;base64,…)."] }],
      [{ custom_branding: { logo: "data:text/html;base64,PGgxPg==" } }, { "custom_branding.logo": ["The custom_branding.logo field must be an http(s) URL or an image data URI (data:image/png;base64,…)."] }],
    ];
    for (const [body, errors] of cases) {
      const { res, json } = await create(key, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(json, JSON.stringify(body)).toEqual({ message: "The given data was invalid.", errors });
    }
    const broken = await create(key, "{validations:");
    expect(broken.res.status).toBe(422);
    expect(broken.json).toEqual({ message: "The given data was invalid.", errors: { body: ["The body is not valid JSON."] } });
    expect(await getDb().$count(identitySessions, eq(identitySessions.userId, user.id))).toBe(0);
    expect(await transactionsOf(user.id)).toBe(user.transactions);
  });

  it("answers 402 {message: Las transacciones del usuario se han terminado} when racing for the last transaction", async () => {
    const { key, user } = await seedUserWithKey();
    await getDb().update(users).set({ transactions: 2 }).where(eq(users.id, user.id));
    const results = await Promise.all(Array.from({ length: 6 }, () => create(key, { phone_number: "5512345678" })));
    expect(results.map((r) => r.res.status).sort()).toEqual([201, 201, 402, 402, 402, 402]);
    for (const r of results.filter((r) => r.res.status === 402)) expect(r.json).toEqual({ message: "Las transacciones del usuario se han terminado" });
    expect(await getDb().$count(identitySessions, eq(identitySessions.userId, user.id))).toBe(2);
    // A refused creation sends nothing either.
    expect(await getDb().$count(outboxMessages, and(eq(outboxMessages.userId, user.id), eq(outboxMessages.channel, "whatsapp")))).toBe(2);
    expect(await transactionsOf(user.id)).toBe(0);
  });

  it("answers 401 {message: Unauthorized} without a valid key, creating nothing", async () => {
    const { key, user } = await seedUserWithKey();
    for (const authorization of [undefined, "Bearer nope", `Bearer ${key.slice(0, -1)}${key.endsWith("x") ? "y" : "x"}`]) {
      const res = await call(POST, BASE, { method: "POST", headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) }, body: "{}" });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "Unauthorized" });
    }
    expect(await getDb().$count(identitySessions, eq(identitySessions.userId, user.id))).toBe(0);
  });
});
