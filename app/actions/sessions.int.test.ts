import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { userSessions } from "@/lib/db/schema";
import { signUp } from "@/lib/services/users/sign-up";
import { createWorkFolder } from "@/lib/services/work-folders/create-work-folder";
import { inviteToFolder } from "@/lib/services/work-folders/invite-to-folder";
import { linkToken, mailTo } from "@/test/account-mail";
import { seedUser } from "@/test/factories/seed";
import { call } from "@/test/http";
import { POST as createApiKey } from "@/app/api/dashboard/api-keys/route";
import { PUT as setSigningWebhook } from "@/app/api/dashboard/signing-webhook/route";
import { POST as sendTestWebhook } from "@/app/api/dashboard/webhook-deliveries/test/route";
import { POST as acceptInvitation } from "@/app/v1/folder-invitations/[invitationId]/accept/route";
import { GET as listCompanies } from "@/app/v1/companies/route";
import { answerInvitationAction, confirmEmailAction } from "./account";
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

  it("abuse: a password change to 12 identical characters (aaaaaaaaaaaa) is refused, saying why", async () => {
    const { user } = await seedUser();
    browser.jar.set(SESSION_COOKIE, await signIn(user.email, "contraseña-segura"));
    expect(await changePasswordAction({}, form({ current: "contraseña-segura", password: "aaaaaaaaaaaa" }))).toEqual({ fieldErrors: { password: "auth.passwordRepetitive" } });
  });

  it("refuses a cookie that names no live session (issued before sessions were kept, or expired)", async () => {
    const { user } = await seedUser();
    const cookie = await signIn(user.email, "contraseña-segura");
    await getDb().update(userSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userSessions.userId, user.id));
    expect(await apiWith(cookie)).toBe(401);
  });
});

describe("the squatter: an account whose address is not proven", () => {
  /** Signs up (unconfirmed) and signs in through the real actions; the session cookie. */
  async function squat(email: string): Promise<string> {
    await signUp(getDb(), { name: "Mallory", email, password: "Mallory-Okupa-2026" });
    return signIn(email, "Mallory-Okupa-2026");
  }

  it("abuse: an unconfirmed account cannot create a key, set or test a webhook, or accept an invitation, via the API or the dashboard's server actions", async () => {
    const { actor: folderOwner } = await seedUser({ name: "Sofía Peña" });
    const folder = await createWorkFolder(getDb(), folderOwner, { name: "Notaría Ñuñoa" });
    const invitation = await inviteToFolder(getDb(), folderOwner, folder.id, "okupa@example.com");
    const token = linkToken((await mailTo("okupa@example.com", "folder-invitation"))!.text, "invitations")!;
    const cookie = await squat("okupa@example.com");
    const headers = { cookie: `${SESSION_COOKIE}=${cookie}`, "content-type": "application/json" };
    const post = (body: unknown, method = "POST") => ({ method, headers, body: JSON.stringify(body) });

    const key = await call(createApiKey, "/api/dashboard/api-keys", post({ name: "persistencia" }));
    expect([key.status, (await key.json()).message]).toEqual([403, "Confirm your e-mail address first: follow the link we sent to it."]);
    expect((await call(setSigningWebhook, "/api/dashboard/signing-webhook", post({ url: "https://okupa.example.com/ganchos" }, "PUT"))).status).toBe(403);
    expect((await call(sendTestWebhook, "/api/dashboard/webhook-deliveries/test", post({ url: "https://okupa.example.com/ganchos" }))).status).toBe(403);
    expect((await call(acceptInvitation, `/v1/folder-invitations/${invitation.id}/accept`, { method: "POST", headers, params: { invitationId: invitation.id } })).status).toBe(404);
    browser.jar.set(SESSION_COOKIE, cookie);
    expect(await answerInvitationAction({}, form({ token, answer: "accept" }))).toEqual({ error: "members.invitationUnconfirmed" });
  });

  it("abuse: the squatter's browser session ends when the address's owner confirms it from another browser; confirming in one's own signed-in browser keeps that one", async () => {
    const squatter = await squat("okupa@example.com");
    browser.jar.clear(); // the owner's browser, signed in to nothing
    expect(await confirmEmailAction({}, form({ token: linkToken((await mailTo("okupa@example.com", "confirm-email"))!.text, "confirm-email")! }))).toEqual({ done: true });
    expect(await apiWith(squatter)).toBe(401);

    const laptop = await squat("propia@example.com");
    const phone = await signIn("propia@example.com", "Mallory-Okupa-2026");
    browser.jar.clear();
    browser.jar.set(SESSION_COOKIE, laptop);
    expect(await confirmEmailAction({}, form({ token: linkToken((await mailTo("propia@example.com", "confirm-email"))!.text, "confirm-email")! }))).toEqual({ done: true });
    expect([await apiWith(laptop), await apiWith(phone)]).toEqual([200, 401]);
  });
});
