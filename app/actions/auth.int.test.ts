import { beforeEach, describe, expect, it, vi } from "vitest";
import { accountLimits } from "@/lib/http/rate-limit";
import { seedUser } from "@/test/factories/seed";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { outboxMessages } from "@/lib/db/schema";
import { requestPasswordResetAction, resetPasswordAction } from "./account";
import { signInAction, signUpAction } from "./auth";

// The request a server action sees: its headers (the launcher's peer address) and a cookie jar
// that records what the answer would set. (The header is PEER_ADDRESS_HEADER: vi.mock is
// hoisted above imports.)
const request = vi.hoisted(() => ({ ip: "203.0.113.1", jar: new Map<string, string>() }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ host: "localhost:3000", "x-rubrica-peer-address": request.ip }),
  cookies: async () => ({
    get: (name: string) => (request.jar.has(name) ? { name, value: request.jar.get(name) } : undefined),
    getAll: () => [...request.jar].map(([name, value]) => ({ name, value })),
    has: (name: string) => request.jar.has(name),
    set: (name: string, value: string) => void request.jar.set(name, value),
    delete: (name: string) => void request.jar.delete(name),
  }),
}));

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const signInWith = (email: string, password: string) => signInAction({}, form({ email, password }));

let nextAddress = 1;
beforeEach(() => {
  // A fresh address per test: the limiter's counters are shared through the database.
  request.ip = `203.0.113.${nextAddress++}`;
  request.jar.clear();
});

describe("signInAction", () => {
  it("answers an unknown e-mail exactly like a wrong password: same message, same cookies, comparable time", async () => {
    const { user } = await seedUser();
    const wrong = await signInWith(user.email, "no-es-la-contraseña");
    const wrongCookies = [...request.jar.keys()];
    request.jar.clear();
    const unknown = await signInWith("nadie-registrado@example.com", "no-es-la-contraseña");
    expect(unknown).toEqual({ ...wrong, values: { email: "nadie-registrado@example.com" } });
    expect(wrong.error).toBe("auth.invalidCredentials");
    expect([...request.jar.keys()]).toEqual(wrongCookies);
    expect(wrongCookies).not.toContain("locale");
    // Both verify an argon2 hash (a decoy one for the unknown e-mail), so neither answers in the
    // time of a bare lookup. Medians of warm calls: the machine is shared.
    const median = async (email: string) => {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        await signInWith(email, `otra-${i}`);
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[1]!;
    };
    const [wrongMs, unknownMs] = [await median(user.email), await median("nadie-registrado@example.com")];
    expect(unknownMs).toBeGreaterThan(wrongMs / 3);
  });

  it("sets the account's language only after a successful sign-in", async () => {
    const { user } = await seedUser();
    await expect(signInWith(user.email, "contraseña-segura")).rejects.toMatchObject({ digest: expect.stringMatching(/^NEXT_REDIRECT/) });
    expect(request.jar.get("locale")).toBe(user.locale);
  });

  it("throttles guesses against one account, even with the right password afterwards, with a message a person understands", async () => {
    const { user } = await seedUser();
    const { limit } = accountLimits().signInAccount;
    for (let i = 0; i < limit; i++) {
      request.ip = `198.51.100.${i + 1}`; // many addresses: the account's budget still runs out
      expect((await signInWith(user.email, `intento-${i}`)).error).toBe("auth.invalidCredentials");
    }
    expect(await signInWith(user.email, "contraseña-segura")).toEqual({ error: "auth.tooManyAttempts", errorParams: { minutes: 15 }, values: { email: user.email } });
    expect(await signInWith(user.email, "otra")).toMatchObject({ error: "auth.tooManyAttempts" });
  });

  it("throttles one address walking many accounts, known or not", { timeout: 60_000 }, async () => {
    const { limit } = accountLimits().signInAddress;
    for (let i = 0; i < limit; i++) expect((await signInWith(`persona${i}@example.com`, "adivina-1234")).error).toBe("auth.invalidCredentials");
    expect(await signInWith("otra.persona@example.com", "adivina-1234")).toMatchObject({ error: "auth.tooManyAttempts", errorParams: { minutes: 15 } });
  });
});

describe("signUpAction", () => {
  it("throttles sign-ups from one address", { timeout: 60_000 }, async () => {
    const { limit } = accountLimits().signUpAddress;
    for (let i = 0; i < limit; i++) {
      const state = await signUpAction({}, form({ name: "Begoña Núñez", email: `registro${i}-${request.ip}@example.com`, password: "Nopal-Tijuana-2026" }));
      expect(state).toEqual({ sent: true, values: { email: `registro${i}-${request.ip}@example.com` } });
    }
    const refused = await signUpAction({}, form({ name: "Begoña Núñez", email: "una-mas@example.com", password: "Nopal-Tijuana-2026" }));
    expect(refused).toEqual({ error: "auth.tooManyAttempts", errorParams: { minutes: 60 }, values: { name: "Begoña Núñez", email: "una-mas@example.com" } });
  });
});

describe("signUpAction answers alike for a new and a taken address", () => {
  it("says 'check your e-mail' both times, signs nobody in, and mails each address what happened", async () => {
    const { user } = await seedUser();
    const taken = await signUpAction({}, form({ name: "Begoña Núñez", email: user.email, password: "Nopal-Tijuana-2026" }));
    const takenCookies = [...request.jar.keys()];
    const fresh = await signUpAction({}, form({ name: "Begoña Núñez", email: `nueva-${request.ip}@example.com`, password: "Nopal-Tijuana-2026" }));
    expect(taken).toEqual({ sent: true, values: { email: user.email } });
    expect(fresh).toEqual({ sent: true, values: { email: `nueva-${request.ip}@example.com` } });
    expect(takenCookies).toEqual([]);
    expect([...request.jar.keys()]).toEqual([]);
    const templates = async (to: string) => (await getDb().select({ template: outboxMessages.template }).from(outboxMessages).where(eq(outboxMessages.recipient, to))).map((m) => m.template);
    expect(await templates(user.email)).toEqual(["account-exists"]);
    expect(await templates(`nueva-${request.ip}@example.com`)).toEqual(["confirm-email"]);
  });
});

describe("requestPasswordResetAction", () => {
  it("answers the same for any address and throttles links to one e-mail, known or not", async () => {
    const { user } = await seedUser();
    const { limit } = accountLimits().accountMailRecipient;
    for (const email of [user.email, "nadie-mas@example.com"]) {
      for (let i = 0; i < limit; i++) expect(await requestPasswordResetAction({}, form({ email }))).toEqual({ sent: true, values: { email } });
      expect(await requestPasswordResetAction({}, form({ email }))).toEqual({ error: "auth.tooManyAttempts", errorParams: { minutes: 60 }, values: { email } });
    }
    const sent = await getDb().select().from(outboxMessages).where(eq(outboxMessages.template, "password-reset"));
    expect(sent.map((m) => m.recipient)).toEqual(Array(limit).fill(user.email));
  });
});

describe("signUpAction password rules", () => {
  const signUp = (password: string, email = `alguien-${request.ip}@example.com`) => signUpAction({}, form({ name: "Begoña Núñez", email, password }));

  it.each(["password", "12345678", "Contraseña", "qwertyuiop", "Password2026!", "contrasena123"])("refuses the common password %j, saying why", async (password) => {
    expect((await signUp(password)).fieldErrors).toEqual({ password: "auth.passwordCommon" });
  });

  it.each([
    ["the e-mail", "begona.nunez@example.com"],
    ["the part before the @", "begona.nunez"],
    ["the name", "BEGOÑA NÚÑEZ"],
  ])("refuses %s as the password, saying why", async (_, password) => {
    expect((await signUp(password, "begona.nunez@example.com")).fieldErrors).toEqual({ password: "auth.passwordPersonal" });
  });

  it("abuse: refuses 12 identical characters (aaaaaaaaaaaa) at sign-up and at a reset, saying why", async () => {
    expect((await signUp("aaaaaaaaaaaa")).fieldErrors).toEqual({ password: "auth.passwordRepetitive" });
    expect(await resetPasswordAction({}, form({ token: "x".repeat(43), password: "aaaaaaaaaaaa" }))).toEqual({ fieldErrors: { password: "auth.passwordRepetitive" } });
  });

  it("still says when a password is too short", async () => {
    expect((await signUp("corta")).fieldErrors).toEqual({ password: "auth.invalidPassword" });
  });
});
