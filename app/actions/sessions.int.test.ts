import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { userSessions } from "@/lib/db/schema";
import { seedUser } from "@/test/factories/seed";
import { call } from "@/test/http";
import { GET as listCompanies } from "@/app/v1/companies/route";
import { signInAction, signOutAction } from "./auth";
import { changePasswordAction } from "./settings";

// One browser: the request headers a server action or route sees carry the cookie jar, and what
// Auth.js sets lands in the jar, as `next start` would do. Auth.js runs for real (its JWT, its
// callbacks and events); only Next's request context is stood in for.
const browser = vi.hoisted(() => ({ ip: "203.0.113.1", jar: new Map<string, string>() }));
vi.mock("next/headers", () => ({
  headers: async () =>
    new Headers({
      host: "localhost:3000",
      "x-rubrica-peer-address": browser.ip,
      cookie: [...browser.jar].map(([name, value]) => `${name}=${value}`).join("; "),
    }),
  cookies: async () => ({
    get: (name: string) => (browser.jar.has(name) ? { name, value: browser.jar.get(name) } : undefined),
    getAll: () => [...browser.jar].map(([name, value]) => ({ name, value })),
    has: (name: string) => browser.jar.has(name),
    set: (name: string, value: string, options?: { maxAge?: number; expires?: Date }) => {
      if (value === "" || options?.maxAge === 0 || (options?.expires && options.expires.getTime() <= 0)) browser.jar.delete(name);
      else browser.jar.set(name, value);
    },
    delete: (name: string) => void browser.jar.delete(name),
  }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

// Server actions see https (Next fills x-forwarded-proto), so Auth.js names its cookie __Secure-.
const SESSION_COOKIE = "__Secure-authjs.session-token";
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const redirected = (promise: Promise<unknown>) => expect(promise).rejects.toMatchObject({ digest: expect.stringMatching(/^NEXT_REDIRECT/) });

let nextAddress = 1;
beforeEach(() => {
  browser.ip = `203.0.113.${nextAddress++}`;
  browser.jar.clear();
});

/** Signs in through the real sign-in action; the session cookie it set. */
async function signIn(email: string, password: string): Promise<string> {
  browser.jar.clear();
  await redirected(signInAction({}, form({ email, password })));
  const cookie = browser.jar.get(SESSION_COOKIE);
  expect(cookie, JSON.stringify([...browser.jar.keys()])).toBeTruthy();
  return cookie!;
}

/** A cookie-only API call (GET /v1/companies) with this session cookie, from this browser. */
async function apiWith(cookie: string): Promise<number> {
  browser.jar.clear();
  browser.jar.set(SESSION_COOKIE, cookie);
  const res = await call(listCompanies, "/v1/companies", { headers: { cookie: `${SESSION_COOKIE}=${cookie}` } });
  return res.status;
}

describe("revocable sessions", () => {
  it("sign-out ends the session on the server: a copy of the cookie taken before gets 401", async () => {
    const { user } = await seedUser();
    const cookie = await signIn(user.email, "contraseña-segura");
    expect(await apiWith(cookie)).toBe(200);
    expect(await getDb().select().from(userSessions).where(eq(userSessions.userId, user.id))).toHaveLength(1);

    browser.jar.set(SESSION_COOKIE, cookie);
    await redirected(signOutAction());
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false);
    expect(await getDb().select().from(userSessions).where(eq(userSessions.userId, user.id))).toHaveLength(0);

    // The copy still decodes as a valid Auth.js JWT; the server no longer honours it.
    expect(await apiWith(cookie)).toBe(401);
    // Signing in again works, with a new session.
    expect(await apiWith(await signIn(user.email, "contraseña-segura"))).toBe(200);
  });

  it("a password change ends the account's other sessions and keeps the one that made it", async () => {
    const { user } = await seedUser({ name: "Begoña Núñez" });
    const laptop = await signIn(user.email, "contraseña-segura");
    const phone = await signIn(user.email, "contraseña-segura");
    const stolen = await signIn(user.email, "contraseña-segura");
    expect([await apiWith(laptop), await apiWith(phone), await apiWith(stolen)]).toEqual([200, 200, 200]);

    browser.jar.clear();
    browser.jar.set(SESSION_COOKIE, laptop);
    expect(await changePasswordAction({}, form({ current: "no-es-la-mía", password: "Nopal-Tijuana-2026" }))).toEqual({ fieldErrors: { current: "settings.currentPasswordWrong" } });
    expect(await changePasswordAction({}, form({ current: "contraseña-segura", password: "password2026" }))).toEqual({ fieldErrors: { password: "auth.passwordCommon" } });
    expect([await apiWith(phone), await apiWith(stolen)]).toEqual([200, 200]);

    browser.jar.clear();
    browser.jar.set(SESSION_COOKIE, laptop);
    expect(await changePasswordAction({}, form({ current: "contraseña-segura", password: "Nopal-Tijuana-2026" }))).toEqual({ saved: true, endedSessions: 2 });
    expect([await apiWith(laptop), await apiWith(phone), await apiWith(stolen)]).toEqual([200, 401, 401]);

    // The old password no longer signs in; the new one does.
    browser.jar.clear();
    expect((await signInAction({}, form({ email: user.email, password: "contraseña-segura" }))).error).toBe("auth.invalidCredentials");
    expect(await apiWith(await signIn(user.email, "Nopal-Tijuana-2026"))).toBe(200);
  });

  it("refuses a cookie that names no live session (issued before sessions were kept, or expired)", async () => {
    const { user } = await seedUser();
    const cookie = await signIn(user.email, "contraseña-segura");
    await getDb().update(userSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userSessions.userId, user.id));
    expect(await apiWith(cookie)).toBe(401);
  });
});
