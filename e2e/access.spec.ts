import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectAccessible, photograph } from "./axe";
import { newcomerWithKey, twoPagePdf } from "./signer-support";
import { E2E_APP_URL, hydrated } from "./support";

// Every page of ours but the signing page (its own spec checks it): axe-core finds no WCAG 2.1
// A/AA violation nor a heading level skipped, and each is photographed on a desktop and a Pixel 7 into SHOTS_DIR.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Seeded = { admin: { email: string; password: string }; sessions: { open: string; passed: string; failed: string } };

/** An admin whose identity sessions carry evidence, in the Playwright server's database (seed-identity-review.ts). */
function seedAdmin(tag: string): Seeded {
  const out = execFileSync(path.resolve("node_modules/.bin/tsx"), ["e2e/seed-identity-review.ts", tag], {
    env: { ...process.env, DATA_DIR: ".data-e2e", APP_URL: E2E_APP_URL, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return JSON.parse(out.toString().trim().split("\n").at(-1)!) as Seeded;
}

/** The page once it has hydrated and its requests have calmed down (previews, lists). */
async function settled(page: Page, hydration = true) {
  if (hydration) await hydrated(page);
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
}

async function check(page: Page, name: string, project: string, options: { hydration?: boolean; exclude?: string[]; fullPage?: boolean } = {}) {
  await settled(page, options.hydration ?? true);
  // Headings in order too (a best practice, not WCAG): our pages are read by their headings.
  await expectAccessible(page, name, { ...options, rules: ["heading-order"] });
  await photograph(page, name, project, options.fullPage ?? true);
}

async function openSession(request: APIRequestContext, key: string, body: object): Promise<Json> {
  const res = await request.post("/identity/v3/identity/sessions", { headers: { Authorization: `Bearer ${key}`, Accept: "application/json" }, data: body });
  expect(res.status()).toBe(201);
  return (await res.json()) as Json;
}

test("every public page passes axe-core and is photographed", async ({ page }, info) => {
  test.setTimeout(420_000); // axe-core takes seconds per page on a loaded 2-core machine
  const project = info.project.name;
  await page.goto("/");
  await check(page, "landing", project);
  await page.goto("/login");
  await check(page, "sign-in", project);
  await page.goto("/signup");
  await check(page, "sign-up", project);
  await page.goto("/forgot-password");
  await check(page, "forgot-password", project);
  // The pages of mailed links, with a link that is not (or no longer) good.
  for (const [path, name] of [["/reset-password", "reset-password-gone"], ["/confirm-email", "confirm-email"], ["/invitations", "invitation-gone"]]) {
    await page.goto(`${path}/${"x".repeat(43)}`);
    await check(page, name!, project);
  }
  await page.goto("/verify");
  await check(page, "verify-empty", project);
  await page.goto(`/verify?hash=${"ab".repeat(32)}`);
  await check(page, "verify-unknown-hash", project);
  const missing = await page.goto("/no-existe/esta-pagina");
  expect(missing!.status()).toBe(404);
  await check(page, "not-found", project);
  await page.goto("/privacidad");
  await expect(page.getByRole("heading", { level: 1, name: "Aviso de privacidad integral" })).toBeVisible();
  await check(page, "privacy", project);
  // The reference, /docs, is checked by e2e/docs.spec.ts: in both languages, every detail open.
});

test("every dashboard page passes axe-core and is photographed", async ({ page }, info) => {
  test.setTimeout(900_000);
  const project = info.project.name;
  const seeded = seedAdmin(`access.${project}.${Date.now()}`);
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("Correo electrónico").fill(seeded.admin.email);
  await page.getByLabel("Contraseña").fill(seeded.admin.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await check(page, "dashboard-home", project);

  await page.goto("/dashboard/settings");
  await hydrated(page);
  await page.getByLabel("Nombre de la clave").fill("accesibilidad");
  await page.getByRole("button", { name: "Crear clave" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())!.trim();
  await check(page, "settings", project);
  const headers = { Authorization: `Bearer ${key}`, Accept: "application/json" };

  // Something in every list: a document sent to a signer, validations, the outbox's notice.
  const request = page.request;
  const folders = (await (await request.get("/v1/companies", { headers })).json()) as Json;
  const folderId = folders.data[0].id as string;
  const created = await request.post(`/v1/containers/${folderId}/documents`, {
    headers,
    data: {
      file_name: "Contrato de arrendamiento Ñandú.pdf",
      file_base64: (await twoPagePdf("Contrato de arrendamiento — Peña")).toString("base64"),
      signatures: [{ name: "María Guadalupe Pérez López", email: `maria.${Date.now()}@example.com` }],
    },
  });
  expect(created.status()).toBe(201);
  const documentId = ((await created.json()) as Json).data.id as string;
  const receipt = (await (
    await request.post("/identity/v1/miscellaneous/electricity/recibo", { headers, data: { numero_servicio: "123456789012", nombre_titular: "maria guadalupe perez lopez", importe: "1234.5" } })
  ).json()) as Json;
  const ine = (await (await request.post("/identity/v1/validations/basic", { headers, data: { cic: "200000002", identificador_ciudadano: "100000002" } })).json()) as Json;

  const pages: Array<[string, string]> = [
    ["/dashboard/documents", "documents"],
    [`/dashboard/documents/${documentId}`, "document-detail"],
    ["/dashboard/folders", "folders"],
    [`/dashboard/folders/${folderId}`, "folder"],
    [`/dashboard/folders/${folderId}/settings`, "folder-settings"],
    [`/dashboard/folders/${folderId}/upload`, "folder-upload"],
    ["/dashboard/identity", "identity-sessions"],
    [`/dashboard/identity/${seeded.sessions.passed}`, "identity-session-passed"],
    [`/dashboard/identity/${seeded.sessions.failed}`, "identity-session-failed"],
    ["/dashboard/validations", "validations"],
    [`/dashboard/validations/receipts/${receipt.uuid}`, "validation-receipt"],
    [`/dashboard/validations/ine/${ine.uuid}`, "validation-ine"],
    ["/dashboard/webhooks", "webhooks"],
    ["/dashboard/outbox", "outbox"],
    ["/dashboard/admin/quotas", "admin-quotas"],
  ];
  for (const [url, name] of pages) {
    const res = await page.goto(url);
    expect(res!.status(), url).toBe(200);
    await check(page, name, project);
  }
  const message = page.getByTestId("outbox-message").first();
  if (await message.count()) {
    await message.click();
    await check(page, "outbox-message", project);
  }
});

test.describe("the verification page", () => {
  // Its Content-Security-Policy would stop axe-core's injected script (analyze() then hangs);
  // the policy itself is checked by the identity specs.
  test.use({ bypassCSP: true });

  test("the verification page names who asks; its consent links to a readable privacy notice that names them as responsible; every state passes axe-core", async ({ page, request }, info) => {
    test.setTimeout(600_000);
    const project = info.project.name;
    const integrator = "Constructora Ñandú, S.A. de C.V.";
    const key = await newcomerWithKey(page, integrator, `aviso-${project}-${Date.now()}@example.com`);
    const session = await openSession(request, key, {});
    await page.context().clearCookies();

    const unknown = await page.goto("/identity/verify/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect(unknown!.status()).toBe(404);
    await check(page, "identity-unknown-link", project);

    await page.goto(session.verification_url);
    await hydrated(page);
    await expect(page.getByText(`${integrator} te pide verificar tu identidad`)).toBeVisible();
    await check(page, "identity-consent", project);

    // The notice opens in another tab; the verification page stays where it was.
    const link = page.getByRole("link", { name: "aviso de privacidad" });
    await expect(link).toHaveAttribute("target", "_blank");
    const [notice] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
    await notice.waitForLoadState();
    await expect(notice.getByRole("heading", { level: 1, name: "Aviso de privacidad integral" })).toBeVisible();
    const responsible = notice.locator("#responsable");
    await expect(responsible).toContainText(`el responsable de tus datos es ${integrator}`);
    await expect(responsible).toContainText("actúa como encargado");
    for (const heading of ["Qué datos tratamos", "Para qué los usamos", "Con quién los compartimos", "Tus derechos (ARCO) y cómo ejercerlos", "Cómo revocar tu consentimiento", "Cuánto tiempo los conservamos", "Cambios a este aviso"])
      await expect(notice.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    await expect(notice.getByText(/datos biométricos/)).toBeVisible();
    await check(notice, "identity-privacy-notice", project);
    await notice.close();

    // Consent still works after reading: the first capture step.
    await page.getByLabel("Acepto el aviso de privacidad y doy mi consentimiento").check();
    await page.getByRole("button", { name: "Comenzar" }).click();
    await expect(page.getByRole("heading", { name: "Frente de tu INE" })).toBeVisible();
    await check(page, "identity-step-front", project);

    // In English too.
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.getByText(`${integrator} asks you to verify your identity`)).toBeVisible();
    await page.goto(`/privacidad?verificacion=${new URL(session.verification_url).pathname.split("/").at(-1)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy notice" })).toBeVisible();
    await expect(page.locator("#responsable")).toContainText(`the party responsible for your data is ${integrator}`);
    await check(page, "privacy-en", project);
    await page.getByRole("button", { name: "Español" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Aviso de privacidad integral" })).toBeVisible();

    // A computer opening a phones-only session gets the QR hand-off, also naming who asks.
    if (project === "desktop") {
      const mobileOnly = await openSession(request, key, { only_mobile_devices: true });
      await page.goto(mobileOnly.verification_url);
      await expect(page.getByText(`${integrator} te pide verificar tu identidad`)).toBeVisible();
      await check(page, "identity-mobile-only", project);
    }
  });
});

test("/docs is in Spanish and loads nothing from another host", async ({ page }, info) => {
  test.setTimeout(180_000);
  const requests: string[] = [];
  const refusals: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("console", (m) => m.type() === "error" && refusals.push(m.text()));
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1, name: "Referencia de la API de Rúbrica" })).toBeVisible();
  await expect(page.getByText("firma electrónica y verificación de identidad para México").first()).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle("Referencia de la API · Rúbrica");
  await page.waitForLoadState("networkidle");
  const foreign = requests.filter((url) => !url.startsWith(`${E2E_APP_URL}/`) && !/^(data|blob):/.test(url));
  expect(requests.length).toBeGreaterThan(2);
  expect(foreign).toEqual([]);
  expect(refusals).toEqual([]);
  // Its top only: the whole reference is tens of screens long (docs.spec.ts photographs its parts).
  await photograph(page, "docs-loaded", info.project.name, false);
});
