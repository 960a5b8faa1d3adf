import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test, type Browser } from "@playwright/test";
import { E2E_APP_URL, hydrated, mailLink, shot, signIn, signUpAndSignIn } from "./support";

const newPage = async (browser: Browser, baseURL: string | undefined) => (await browser.newContext({ baseURL })).newPage();

/** An API key and a signing webhook as an unconfirmed account could make them before (seed-legacy-access.ts). */
function seedLegacyAccess(email: string, webhookUrl: string): string {
  const out = execFileSync(path.resolve("node_modules/.bin/tsx"), ["e2e/seed-legacy-access.ts", email, webhookUrl], {
    env: { ...process.env, DATA_DIR: ".data-e2e", APP_URL: E2E_APP_URL, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return (JSON.parse(out.toString().trim().split("\n").at(-1)!) as { key: string }).key;
}

test("abuse: the squatter (signed up, unconfirmed, with an address they do not own) gets no API key, webhook or invitation; after the owner's reset the squatter's key, webhooks and browser session are gone", async ({ browser, baseURL, playwright }, info) => {
  // Its pages open in contexts of its own (browser.newContext): the same journey in either project.
  test.skip(info.project.name !== "desktop", "own contexts: the same journey in either project");
  const stamp = `${info.project.name}.${Date.now()}`;
  const address = `victima.${stamp}@example.com`;

  const folderOwner = await newPage(browser, baseURL);
  await signUpAndSignIn(folderOwner, { name: "Sofía Peña", email: `notaria.${stamp}@example.com` });
  const folder = await folderOwner.request.post("/v1/companies", { data: { name: "Notaría Ñuñoa" } });
  expect(folder.status(), await folder.text()).toBe(201);
  const created = (await folder.json()).data;
  const folderId = (Array.isArray(created) ? created[0] : created).id as string;

  // The squatter signs up with the address and signs in without confirming it.
  const squatter = await newPage(browser, baseURL);
  await signUpAndSignIn(squatter, { name: "Mallory", email: address, password: "Mallory-Okupa-2026" }, { confirm: false });
  // Soft: on the code before, the rest of the reproduction still runs and says what else failed.
  const key = await squatter.request.post("/api/dashboard/api-keys", { data: { name: "persistencia" } });
  expect.soft(key.status(), await key.text()).toBe(403);
  expect.soft((await key.json()).message).toContain("Confirm your e-mail address first");
  const hook = await squatter.request.put("/api/dashboard/signing-webhook", { data: { url: "https://okupa.example/ganchos" } });
  expect.soft(hook.status(), await hook.text()).toBe(403);
  await squatter.goto("/dashboard/settings");
  await hydrated(squatter);
  await expect.soft(squatter.getByTestId("api-keys-unconfirmed")).toContainText("Confirma tu correo");
  await expect.soft(squatter.getByRole("button", { name: "Crear clave" })).toHaveCount(0);
  await shot(squatter, "squatter-01-settings-unconfirmed", info.project.name);
  const squattersSecret = await squatter.getByTestId("webhook-secret").textContent();

  // What such an account could make before this rule: a key and a webhook, working.
  const legacyKey = seedLegacyAccess(address, "https://okupa.example/ganchos");
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${legacyKey}` } });
  expect((await api.get("/v1/folder-invitations")).status()).toBe(200);

  // The folder's owner invites the address; the squatter's key and session see nothing.
  await folderOwner.goto(`/dashboard/folders/${folderId}/settings`);
  await hydrated(folderOwner);
  await folderOwner.getByLabel("Correo de la persona").fill(address);
  await folderOwner.getByRole("button", { name: "Invitar" }).click();
  await expect(folderOwner.getByTestId("pending-invitation")).toContainText(address);
  expect((await (await api.get("/v1/folder-invitations")).json()).data).toEqual([]);
  expect((await (await squatter.request.get("/v1/folder-invitations")).json()).data).toEqual([]);

  // The address's real owner resets the password from the e-mail (which confirms the address).
  const owner = await newPage(browser, baseURL);
  await owner.goto("/forgot-password");
  await hydrated(owner);
  await owner.getByLabel("Correo electrónico").fill(address);
  await owner.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(owner.getByRole("status")).toContainText(address);
  await owner.goto(mailLink(address, "password-reset", "/reset-password"));
  await hydrated(owner);
  await expect(owner.getByText("se revocan tus claves de API y webhooks")).toBeVisible();
  await owner.getByLabel("Contraseña nueva").fill("aaaaaaaaaaaa");
  await owner.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(owner.getByText("usa al menos 5 caracteres distintos")).toBeVisible();
  await shot(owner, "squatter-02-reset-refuses-aaaa", info.project.name);
  await owner.getByLabel("Contraseña nueva").fill("Agave-Azul-Tequila-7");
  await owner.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(owner).toHaveURL(/\/login\?reset=1$/);
  await signIn(owner, address, "Agave-Azul-Tequila-7");

  // The squatter's key, webhook and browser session made before are gone.
  expect((await api.get("/v1/folder-invitations")).status()).toBe(401);
  await squatter.goto("/dashboard");
  await expect(squatter).toHaveURL(/\/login$/);
  expect((await squatter.request.get("/v1/folder-invitations")).status()).toBe(401);
  expect(await (await owner.request.get("/api/dashboard/signing-webhook")).json()).toEqual({ url: null });
  await owner.goto("/dashboard/settings");
  await hydrated(owner);
  await expect(owner.getByTestId("webhook-secret")).not.toHaveText(squattersSecret!);
  await expect(owner.getByTestId("api-key-row").filter({ hasText: "hecha sin confirmar" })).toContainText("Revocada");

  // The invitation is the owner's: they see it and accept it.
  const mine = (await (await owner.request.get("/v1/folder-invitations")).json()).data as { id: string }[];
  expect(mine).toHaveLength(1);
  expect((await owner.request.post(`/v1/folder-invitations/${mine[0]!.id}/accept`)).status()).toBe(200);
  await api.dispose();
});
