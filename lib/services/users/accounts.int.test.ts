import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { accountTokens, apiKeys, folderInvitations, identitySessions, outboxMessages, userSessions, users, webhookDeliveries } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";
import { newApiKey } from "@/lib/services/api-keys/api-key-format";
import { authenticateApiKey } from "@/lib/services/api-keys/authenticate-api-key";
import { createApiKey } from "@/lib/services/api-keys/create-api-key";
import { sendTestWebhook } from "@/lib/services/webhooks/send-test-webhook";
import { setSigningWebhook } from "@/lib/services/webhooks/set-signing-webhook";
import { listOutbox } from "@/lib/services/messages/list-outbox";
import { answerFolderInvitation, answerInvitationByToken } from "@/lib/services/work-folders/answer-folder-invitation";
import { createWorkFolder } from "@/lib/services/work-folders/create-work-folder";
import { inviteToFolder } from "@/lib/services/work-folders/invite-to-folder";
import { listMyFolderInvitations } from "@/lib/services/work-folders/list-folder-invitations";
import { listFolderDocuments } from "@/lib/services/documents/list-folder-documents";
import { seedDocument } from "@/test/factories/documents";
import { linkToken, mailTo } from "@/test/account-mail";
import { seedUser } from "@/test/factories/seed";
import { secretTokenHash } from "./account-tokens";
import { confirmEmail, resendConfirmation } from "./confirm-email";
import { findUserByEmail } from "./find-user";
import { passwordMatches } from "./password";
import { requestPasswordReset, resetPassword } from "./reset-password";
import { signUp } from "./sign-up";
import { startSession } from "./user-sessions";
import { verifyCredentials } from "./verify-credentials";

async function signedUp(email: string, name = "Ximena Ñeco") {
  await signUp(getDb(), { name, email, password: "Nopal-Tijuana-2026" });
  const user = (await findUserByEmail(getDb(), email))!;
  const actor: Actor = { userId: user.id, role: user.role, locale: user.locale, via: "session" };
  return { user, actor };
}

const sentAt = async (template: string, address: string) => (await getDb().select().from(outboxMessages).where(and(eq(outboxMessages.recipient, address), eq(outboxMessages.template, template)))).length;

describe("sign-up with a proven e-mail", () => {
  it("answers the same whether or not the address has an account; the e-mail says what happened, and nothing of the existing account changes", async () => {
    const { user: existing } = await seedUser({ email: "ya.existe@example.com" });
    const before = (await getDb().select().from(users).where(eq(users.id, existing.id)))[0]!;
    const answers = [
      await signUp(getDb(), { name: "Intrusa", email: "YA.EXISTE@example.com", password: "Otra-Clave-2026" }),
      await signUp(getDb(), { name: "Nueva Persona", email: "nueva.persona@example.com", password: "Otra-Clave-2026" }),
    ];
    expect(answers[0]).toEqual(answers[1]);
    expect((await getDb().select().from(users).where(eq(users.id, existing.id)))[0]).toEqual(before);
    const told = (await mailTo("ya.existe@example.com"))!;
    expect(told).toMatchObject({ template: "account-exists", subject: "Ya tienes una cuenta en Rúbrica", userId: existing.id });
    expect(told.text).toContain("/forgot-password");
    const confirm = (await mailTo("nueva.persona@example.com"))!;
    expect(confirm).toMatchObject({ template: "confirm-email", userId: null });
    expect((await findUserByEmail(getDb(), "nueva.persona@example.com"))!.emailConfirmedAt).toBeNull();
  });

  it("keeps the confirmation link out of the account's own outbox and stores only its hash; the link works once", async () => {
    const { user, actor } = await signedUp("begona.confirma@example.com");
    expect(await listOutbox(getDb(), actor)).toEqual([]);
    const token = linkToken((await mailTo(user.email, "confirm-email"))!.text, "confirm-email")!;
    const [stored] = await getDb().select().from(accountTokens).where(eq(accountTokens.userId, user.id));
    expect(stored!.tokenHash).toBe(secretTokenHash(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await confirmEmail(getDb(), token)).toEqual({ userId: user.id, email: user.email });
    expect((await findUserByEmail(getDb(), user.email))!.emailConfirmedAt).toBeInstanceOf(Date);
    await expect(confirmEmail(getDb(), token)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(confirmEmail(getDb(), "x".repeat(43))).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(resendConfirmation(getDb(), actor)).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("an expired or replaced confirmation link does not work", async () => {
    const { user, actor } = await signedUp("tarda@example.com");
    const first = linkToken((await mailTo(user.email, "confirm-email"))!.text, "confirm-email")!;
    await resendConfirmation(getDb(), actor);
    const second = linkToken((await mailTo(user.email, "confirm-email"))!.text, "confirm-email")!;
    expect(second).not.toBe(first);
    await expect(confirmEmail(getDb(), first)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await getDb().update(accountTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(accountTokens.userId, user.id));
    await expect(confirmEmail(getDb(), second)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("the issue's reproduction: whoever registers an invited address first gets nothing until the address is proven; its own «mis documentos» works", async () => {
    const { actor: owner } = await seedUser({ name: "Sofía Peña" });
    const folder = await createWorkFolder(getDb(), owner, { name: "Notaría Ñuñoa" });
    const invitation = await inviteToFolder(getDb(), owner, folder.id, "c@example.com");
    const invitationToken = linkToken((await mailTo("c@example.com", "folder-invitation"))!.text, "invitations")!;

    const squatter = await signedUp("c@example.com", "Mallory");
    expect(await listMyFolderInvitations(getDb(), squatter.actor)).toEqual([]);
    await expect(answerFolderInvitation(getDb(), squatter.actor, invitation.id, "accept")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(answerInvitationByToken(getDb(), squatter.actor, invitationToken, "accept")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(inviteToFolder(getDb(), squatter.actor, (await createWorkFolder(getDb(), squatter.actor, { name: "Spam" })).id, "victima@example.com")).rejects.toMatchObject({ code: "FORBIDDEN" });
    const own = await seedDocument(squatter.actor);
    expect((await listMyFolderInvitations(getDb(), squatter.actor)).length).toBe(0);
    expect(own).toMatch(/^[0-9a-f-]{36}$/);

    // The real holder of the address follows the confirmation link: now the invitation is theirs.
    await confirmEmail(getDb(), linkToken((await mailTo("c@example.com", "confirm-email"))!.text, "confirm-email")!);
    expect((await listMyFolderInvitations(getDb(), squatter.actor)).map((i) => i.id)).toEqual([invitation.id]);
  });

  it("an invitation's link is bound to its address: another confirmed account cannot use it; the invitee accepts through it once", async () => {
    const { actor: owner } = await seedUser({ name: "Sofía Peña" });
    const folder = await createWorkFolder(getDb(), owner, { name: "Contratos" });
    const ownerDocument = await seedDocument(owner, { folderId: folder.id });
    const invitee = await seedUser({ email: "invitada@example.com" });
    const other = await seedUser({ email: "otra@example.com" });
    await inviteToFolder(getDb(), owner, folder.id, "Invitada@Example.com");
    const token = linkToken((await mailTo("invitada@example.com", "folder-invitation"))!.text, "invitations")!;
    const [row] = await getDb().select().from(folderInvitations).where(eq(folderInvitations.folderId, folder.id));
    expect(row!.tokenHash).toBe(secretTokenHash(token));

    await expect(answerInvitationByToken(getDb(), other.actor, token, "accept")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(answerInvitationByToken(getDb(), invitee.actor, "y".repeat(43), "accept")).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await answerInvitationByToken(getDb(), invitee.actor, token, "accept")).toEqual({ folderId: folder.id });
    expect((await listFolderDocuments(getDb(), invitee.actor, folder.id)).items.map((v) => v.document.id)).toEqual([ownerDocument]);
    await expect(answerInvitationByToken(getDb(), invitee.actor, token, "accept")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("password recovery by e-mail", () => {
  it("sends a link only to an account's address (the caller answers the same), stored hashed, away from the account's outbox", async () => {
    const { user, actor } = await seedUser({ email: "olvido@example.com" });
    await requestPasswordReset(getDb(), "nadie@example.com");
    expect(await sentAt("password-reset", "nadie@example.com")).toBe(0);
    await requestPasswordReset(getDb(), "OLVIDO@example.com");
    const mail = (await mailTo(user.email, "password-reset"))!;
    expect(mail).toMatchObject({ userId: null, subject: "Elige una contraseña nueva para Rúbrica" });
    expect(mail.text).toContain("30 minutos");
    const token = linkToken(mail.text, "reset-password")!;
    expect((await getDb().select().from(accountTokens).where(eq(accountTokens.userId, user.id)))[0]!.tokenHash).toBe(secretTokenHash(token));
    expect(await listOutbox(getDb(), actor)).toEqual([]);
  });

  it("sets the new password once, ends every session of the account, and confirms its address", async () => {
    const { user } = await signedUp("recupera@example.com");
    await startSession(getDb(), user.id);
    await startSession(getDb(), user.id);
    await requestPasswordReset(getDb(), user.email);
    const token = linkToken((await mailTo(user.email, "password-reset"))!.text, "reset-password")!;

    // A personal password is refused and the link still works.
    await expect(resetPassword(getDb(), token, "recupera@example.com")).rejects.toMatchObject({ code: "INVALID" });
    expect(await resetPassword(getDb(), token, "Agave-Azul-Tequila-7")).toEqual({ email: user.email, endedSessions: 2 });
    expect(await getDb().select().from(userSessions).where(eq(userSessions.userId, user.id))).toEqual([]);
    const after = (await findUserByEmail(getDb(), user.email))!;
    expect(await passwordMatches(after.passwordHash, "Agave-Azul-Tequila-7")).toBe(true);
    expect(after.emailConfirmedAt).toBeInstanceOf(Date);
    expect(await verifyCredentials(getDb(), user.email, "Nopal-Tijuana-2026")).toBeNull();
    await expect(resetPassword(getDb(), token, "Otra-Mas-Larga-2026")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("a link past its 30 minutes, or replaced by a newer one, does not work", async () => {
    const { user } = await seedUser({ email: "lento@example.com" });
    await requestPasswordReset(getDb(), user.email);
    const first = linkToken((await mailTo(user.email, "password-reset"))!.text, "reset-password")!;
    const [row] = await getDb().select().from(accountTokens).where(eq(accountTokens.userId, user.id));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(30 * 60_000);
    await requestPasswordReset(getDb(), user.email);
    await expect(resetPassword(getDb(), first, "Agave-Azul-Tequila-7")).rejects.toMatchObject({ code: "NOT_FOUND" });
    const second = linkToken((await mailTo(user.email, "password-reset"))!.text, "reset-password")!;
    await getDb().update(accountTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(accountTokens.userId, user.id));
    await expect(resetPassword(getDb(), second, "Agave-Azul-Tequila-7")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

/**
 * Keys and webhooks made before (by an unconfirmed account, as it could before they waited for a
 * proven address, or by whoever had the password): written straight into the tables.
 */
async function madeBefore(userId: string) {
  const { key, prefix, hash } = newApiKey();
  await getDb().insert(apiKeys).values({ userId, name: "persistencia", prefix, keyHash: hash });
  const [before] = await getDb().update(users).set({ signingWebhookUrl: "https://okupa.example/ganchos" }).where(eq(users.id, userId)).returning();
  await getDb().insert(identitySessions).values({ userId, validations: [], apiVersion: 3, formToken: `t${Date.now()}${Math.random()}`, expiresAt: new Date(Date.now() + 864e5), webhook: "https://okupa.example/sesiones" });
  const [queued] = await getDb().insert(webhookDeliveries).values({ userId, eventType: "ping", url: "https://okupa.example/ganchos", payload: {}, nextAttemptAt: new Date() }).returning();
  return { key, webhookSecret: before!.webhookSecret, deliveryId: queued!.id };
}

/** Whether anything made before still reaches the squatter: live keys, webhook URLs, queued deliveries. */
async function leftOver(userId: string, made: Awaited<ReturnType<typeof madeBefore>>) {
  const [user] = await getDb().select().from(users).where(eq(users.id, userId));
  const [delivery] = await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, made.deliveryId));
  return {
    key: (await authenticateApiKey(getDb(), made.key)) !== null,
    signingWebhook: user!.signingWebhookUrl,
    sameSecret: user!.webhookSecret === made.webhookSecret,
    sessionWebhooks: (await getDb().select({ webhook: identitySessions.webhook }).from(identitySessions).where(eq(identitySessions.userId, userId))).map((s) => s.webhook),
    delivery: delivery!.status,
    sessions: (await getDb().select().from(userSessions).where(eq(userSessions.userId, userId))).length,
  };
}
const nothingLeft = { key: false, signingWebhook: null, sameSecret: false, sessionWebhooks: [null], delivery: "failed", sessions: 0 };

describe("the squatter: an account whose address is not proven", () => {
  it("abuse: an unconfirmed account cannot create an API key, set a signing webhook or send a test webhook", async () => {
    const squatter = await signedUp("okupa@example.com", "Mallory");
    await expect(createApiKey(getDb(), squatter.actor, { name: "persistencia" })).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringContaining("Confirm your e-mail address first") });
    await expect(setSigningWebhook(getDb(), squatter.actor, "https://okupa.example/ganchos")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(sendTestWebhook(getDb(), squatter.actor, "https://okupa.example/ganchos")).rejects.toMatchObject({ code: "FORBIDDEN" });
    // Turning a webhook off is always allowed.
    await setSigningWebhook(getDb(), squatter.actor, null);
    expect(await getDb().select().from(apiKeys).where(eq(apiKeys.userId, squatter.user.id))).toEqual([]);
    expect(await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.userId, squatter.user.id))).toEqual([]);
  });

  it("abuse: the squatter's key, webhooks and sessions made before stop working after the owner's reset, and the invitation is the owner's alone", async () => {
    const { actor: folderOwner } = await seedUser({ name: "Sofía Peña" });
    const folder = await createWorkFolder(getDb(), folderOwner, { name: "Notaría Ñuñoa" });
    const squatter = await signedUp("okupada@example.com", "Mallory");
    await startSession(getDb(), squatter.user.id);
    const made = await madeBefore(squatter.user.id);
    expect(await authenticateApiKey(getDb(), made.key)).toMatchObject({ userId: squatter.user.id }); // and remembered for 5 s
    const invitation = await inviteToFolder(getDb(), folderOwner, folder.id, "okupada@example.com");

    await requestPasswordReset(getDb(), "okupada@example.com");
    await resetPassword(getDb(), linkToken((await mailTo("okupada@example.com", "password-reset"))!.text, "reset-password")!, "Agave-Azul-Tequila-7");
    expect(await leftOver(squatter.user.id, made)).toEqual(nothingLeft);
    const [key] = await getDb().select().from(apiKeys).where(eq(apiKeys.userId, squatter.user.id));
    expect(key!.revokedAt).toBeInstanceOf(Date);
    // The owner, now holding the account, gets the invitation.
    expect((await listMyFolderInvitations(getDb(), squatter.actor)).map((i) => i.id)).toEqual([invitation.id]);
  });

  it("abuse: the squatter's key, webhooks and sessions made before stop working at the owner's first confirmation; the confirming browser stays signed in", async () => {
    const squatter = await signedUp("confirma@example.com", "Mallory");
    await startSession(getDb(), squatter.user.id);
    const confirming = await startSession(getDb(), squatter.user.id);
    const made = await madeBefore(squatter.user.id);
    await confirmEmail(getDb(), linkToken((await mailTo("confirma@example.com", "confirm-email"))!.text, "confirm-email")!, confirming);
    expect(await leftOver(squatter.user.id, made)).toEqual({ ...nothingLeft, sessions: 1 });
    expect((await getDb().select().from(userSessions).where(eq(userSessions.userId, squatter.user.id))).map((s) => s.id)).toEqual([confirming]);
  });

  it("a password reset of a confirmed account revokes the keys and webhooks made before it too: whoever had the password may have made them", async () => {
    const { user } = await seedUser({ email: "robada@example.com" });
    const made = await madeBefore(user.id);
    await requestPasswordReset(getDb(), user.email);
    await resetPassword(getDb(), linkToken((await mailTo(user.email, "password-reset"))!.text, "reset-password")!, "Agave-Azul-Tequila-7");
    expect(await leftOver(user.id, made)).toEqual(nothingLeft);
    // A key made after the reset works.
    const actor: Actor = { userId: user.id, role: user.role, locale: user.locale, via: "session" };
    const fresh = await createApiKey(getDb(), actor, { name: "nueva" });
    expect(await authenticateApiKey(getDb(), fresh.key)).toMatchObject({ userId: user.id });
  });
});
