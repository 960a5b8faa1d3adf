import path from "node:path";
import { chromium, expect, test, type APIRequestContext, type Page, type Response } from "@playwright/test";
import { MEDIA, withCamera } from "./camera";
import { newcomerWithKey } from "./signer-support";
import { E2E_APP_URL, hydrated, shot } from "./support";

test.use(withCamera("selfie.y4m"));

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function openSession(request: APIRequestContext, key: string, body: object) {
  const res = await request.post("/identity/v3/identity/sessions", { headers: { Authorization: `Bearer ${key}`, Accept: "application/json" }, data: body });
  expect(res.status()).toBe(201);
  return (await res.json()) as Json;
}

async function sessionResult(request: APIRequestContext, key: string, id: string) {
  const res = await request.get(`/identity/v2/identity/sessions/${id}`, { headers: { Authorization: `Bearer ${key}` } });
  return ((await res.json()) as { data: Json }).data;
}

/** Consent, then the card's front and back by upload, up to the selfie step. */
async function uploadCard(page: Page, url: string, front: string, back: string, project: string, shots: boolean, onBackSent?: () => void) {
  await page.goto(url);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Verificación de identidad" })).toBeVisible();
  if (shots) await shot(page, "identity-consent", project);
  const start = page.getByRole("button", { name: "Comenzar" });
  await expect(start).toBeDisabled();
  await page.getByLabel("Acepto el aviso de privacidad y doy mi consentimiento").check();
  await start.click();

  for (const [heading, file, next] of [["Frente de tu INE", front, "Reverso de tu INE"], ["Reverso de tu INE", back, "Tu selfie"]] as const) {
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await page.getByLabel("Subir una foto").setInputFiles(path.join(MEDIA, file));
    await expect(page.getByRole("img", { name: "Vista previa de la foto" })).toBeVisible();
    if (shots && heading === "Frente de tu INE") await shot(page, "identity-front-preview", project);
    if (heading === "Reverso de tu INE") onBackSent?.();
    await page.getByRole("button", { name: "Usar esta foto" }).click();
    // The server reads the photo (the back's MRZ) before the next step shows; a refusal says why.
    await expect(page.getByRole("heading", { name: next }).or(page.getByRole("alert").filter({ hasText: /\w/ }))).toBeVisible({ timeout: 30_000 });
    const alerts = await page.getByRole("alert").allTextContents();
    expect(alerts.filter((a) => a.trim()), `${heading} refused`).toEqual([]);
    await expect(page.getByRole("heading", { name: next })).toBeVisible();
  }
}

/** The person's whole way through the page: consent, card by upload, selfie by camera, checks. */
async function verifyOnPage(page: Page, url: string, front: string, project: string, shots: boolean) {
  await uploadCard(page, url, front, "ine-back.jpg", project, shots);
  await page.getByRole("button", { name: "Usar la cámara" }).click();
  const video = page.getByLabel("Vista de la cámara");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  if (shots) await shot(page, "identity-selfie-camera", project);
  await page.getByRole("button", { name: "Tomar foto" }).click();
  await page.getByRole("button", { name: "Usar esta foto" }).click();

  await expect(page.getByRole("heading", { name: "Estamos verificando tu identidad" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("progressbar", { name: "Progreso de la verificación" })).toBeVisible();
  if (shots) await shot(page, "identity-verifying", project);
  await expect(page.getByRole("heading", { name: "¡Listo! Terminamos la verificación" })).toBeVisible({ timeout: 90_000 });
  if (shots) await shot(page, "identity-done", project);
}

// The README's sandbox walk-through: `sandbox:identity --person 1` files, all three uploaded.
test("a newcomer finishes a session by uploading the README's sandbox files: FINISHED 100", async ({ page, request, baseURL }, info) => {
  test.skip(info.project.name !== "desktop", "one browser is enough for the upload path");
  test.setTimeout(240_000);
  const key = await newcomerWithKey(page, "Integradora Sandbox", `sandbox-${Date.now()}@example.com`);
  const session = await openSession(request, key, { redirect_url: `${baseURL}/` });
  await uploadCard(page, session.verification_url, "ine-front.jpg", "ine-back.jpg", info.project.name, false);
  await page.getByLabel("Subir una foto").setInputFiles(path.join(MEDIA, "selfie.jpg"));
  await expect(page.getByRole("img", { name: "Vista previa de la foto" })).toBeVisible();
  // The page's own light and focus checks find nothing to say about the sandbox selfie.
  await expect(page.getByRole("alert").filter({ hasText: /\w/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Usar esta foto" }).click();
  await expect(page.getByRole("heading", { name: "¡Listo! Terminamos la verificación" })).toBeVisible({ timeout: 90_000 });
  expect(await sessionResult(request, key, session.uuid)).toMatchObject({ status: "FINISHED", result: 100, document_data: { curp: "PELG850312MDFRPD00" } });
});

test("a person verifies on their phone with the camera: FINISHED 100, another face below 100, then back to redirect_url", async ({ page, request, baseURL }, info) => {
  test.skip(info.project.name !== "phone", "the verification page is for phones; the desktop project checks the QR hand-off");
  test.setTimeout(300_000);
  const key = await newcomerWithKey(page, "Integradora Núñez", `identidad-${Date.now()}@example.com`);
  const branding = { primary_color: "#6d28d9", secondary_color: "#ede9fe" };
  const session = await openSession(request, key, { redirect_url: `${baseURL}/?verificado=1`, custom_branding: branding });
  // Without LIVENESS_DETECTION the selfie is taken with the button and no face reader is loaded.
  const faceReaderFiles: string[] = [];
  page.on("request", (r) => r.url().includes("/identity/verify/models/") && faceReaderFiles.push(r.url()));

  await verifyOnPage(page, session.verification_url, "ine-front.jpg", info.project.name, true);
  expect(faceReaderFiles).toEqual([]);
  // The integrator's color is on the page's buttons.
  await expect(page.getByRole("link", { name: "Continuar" })).toHaveCSS("background-color", "rgb(109, 40, 217)");
  const done = await sessionResult(request, key, session.uuid);
  expect(done).toMatchObject({ status: "FINISHED", result: 100, document_data: { curp: "PELG850312MDFRPD00" } });
  expect(done.verifications).toMatchObject({ curp_valido: true, nombre_match: true, fecha_nacimiento_match: true });
  await page.waitForURL(/\?verificado=1$/, { timeout: 15_000 });

  // The same card with another person's photo: the selfie does not match, the INE check fails.
  const other = await openSession(request, key, {});
  await verifyOnPage(page, other.verification_url, "ine-front-other-face.jpg", info.project.name, false);
  const mismatch = await sessionResult(request, key, other.uuid);
  expect(mismatch.status).toBe("FINISHED");
  expect(mismatch.result).toBeLessThan(100);

  // The link of a finished session shows the outcome, not the steps again.
  await page.goto(session.verification_url);
  await expect(page.getByRole("heading", { name: "¡Listo! Terminamos la verificación" })).toBeVisible();
});

type Seen = { url: string; step: string; status: number; encoding: string; bytes: number };

/**
 * The liveness steps on the person's phone: no capture button while the page watches; the selfie
 * is taken once the face looks ahead and keeps still, the turn once the head has turned far
 * enough. Returns what the page fetched (with the step it was on), the turn's progress as shown,
 * and the time the face reader took to be ready.
 */
async function livenessOnPhone(page: Page, url: string, project: string) {
  let stepNow = "card";
  const requests: { url: string; step: string; response: Promise<Response | null> }[] = [];
  page.on("request", (r) => requests.push({ url: r.url(), step: stepNow, response: r.response() }));
  const consoleErrors: string[] = [];
  page.on("console", (m) => void (m.type() === "error" && !m.location().url.endsWith("/favicon.ico") && consoleErrors.push(m.text())));

  // The status lines the page showed, however briefly (the face reader loads in about a second here).
  await page.addInitScript(() => {
    const shown = new Set<string>();
    (window as unknown as { statusShown: Set<string> }).statusShown = shown;
    new MutationObserver(() => document.querySelectorAll('[role="status"]').forEach((e) => shown.add(e.textContent ?? ""))).observe(document, { subtree: true, childList: true, characterData: true });
  });
  // The selfie step shows as soon as the back is accepted.
  await uploadCard(page, url, "liveness-ine-front.jpg", "liveness-ine-back.jpg", project, false, () => (stepNow = "selfie"));
  await expect(page.getByText("Paso 3 de 4")).toBeVisible();
  await expect(page.getByText("La foto se toma sola cuando estés de frente y sin moverte.")).toBeVisible();
  // From the step's first render to the face reader ready: script chunk, models and .wasm fetched and compiled.
  const loadMs = await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName("face-reader-load")[0]?.duration ?? null), { timeout: 60_000 })
    .not.toBeNull()
    .then(() => page.evaluate(() => performance.getEntriesByName("face-reader-load")[0]!.duration));
  expect(await page.evaluate(() => [...(window as unknown as { statusShown: Set<string> }).statusShown])).toContain("Preparando la cámara…");
  await page.getByRole("button", { name: "Usar la cámara" }).click();
  await expect(page.getByRole("button", { name: "Tomar foto" })).toHaveCount(0);
  await expect(page.getByRole("img", { name: "Vista previa de la foto" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Usar esta foto" }).click();

  await expect(page.getByRole("heading", { name: "Prueba de vida" })).toBeVisible({ timeout: 30_000 });
  stepNow = "turn";
  // The turn's progress as the person saw it, reading by reading.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { turnSeen: string[] }).turnSeen = seen;
    new MutationObserver(() => {
      const value = document.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow");
      if (value && seen.at(-1) !== value) seen.push(value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-valuenow"] });
  });
  await page.getByRole("button", { name: "Usar la cámara" }).click();
  await expect(page.getByRole("progressbar", { name: "Giro de la cabeza" })).toBeVisible();
  await expect(page.getByText("Gira la cabeza lentamente hacia un lado").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Tomar foto" })).toHaveCount(0);
  await expect.poll(() => page.getByLabel("Vista de la cámara").evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  await shot(page, "identity-liveness-turn", project);
  await expect(page.getByRole("img", { name: "Vista previa de la foto" })).toBeVisible({ timeout: 30_000 });
  const turnSeen = await page.evaluate(() => (window as unknown as { turnSeen: string[] }).turnSeen);
  await shot(page, "identity-liveness-turn-captured", project);
  await page.getByRole("button", { name: "Usar esta foto" }).click();
  stepNow = "checks";
  await expect(page.getByRole("heading", { name: "Estamos verificando tu identidad" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "¡Listo! Terminamos la verificación" })).toBeVisible({ timeout: 90_000 });

  const seen: Seen[] = await Promise.all(
    requests.map(async (r) => {
      const response = await r.response;
      const sizes = response ? await response.request().sizes().catch(() => null) : null;
      return { url: r.url, step: r.step, status: response?.status() ?? 0, encoding: response ? ((await response.allHeaders())["content-encoding"] ?? "") : "", bytes: sizes?.responseBodySize ?? 0 };
    }),
  );
  return { seen, turnSeen, loadMs, consoleErrors };
}

test("with LIVENESS_DETECTION the page takes the selfie and the head turn by itself, checked in the browser, and the server passes them: FINISHED 100", async ({ page: integrator, request }, info) => {
  test.skip(info.project.name !== "phone", "the verification page is for phones");
  test.setTimeout(300_000);
  const key = await newcomerWithKey(integrator, "Integradora Vida", `vida-${Date.now()}@example.com`);
  const session = await openSession(request, key, { validations: ["INE", "CURP", "LIVENESS_DETECTION"] });
  const origin = new URL(session.verification_url).origin;

  // The person's phone, in a browser of its own: its fake camera (set at launch) plays a person
  // turning their head, their selfie and its mirror image a second each.
  const browser = await chromium.launch(withCamera("turning.y4m").launchOptions);
  let run: Awaited<ReturnType<typeof livenessOnPhone>>;
  try {
    const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = info.project.use;
    const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL, permissions: ["camera"] });
    run = await livenessOnPhone(await context.newPage(), session.verification_url, info.project.name);
  } finally {
    await browser.close();
  }
  const done = await sessionResult(request, key, session.uuid);
  expect(done).toMatchObject({ status: "FINISHED", result: 100, document_data: { curp: "PELG850312MDFRPD00" } });

  // The page captured the turn after reading the head turned the whole way, not on a click.
  expect(run.turnSeen.at(-1)).toBe("100");
  // Nothing from another origin; the face reader's files only once on the liveness steps.
  const faceFiles = run.seen.filter((r) => r.url.includes("/identity/verify/models/"));
  expect(run.seen.filter((r) => !r.url.startsWith(origin) && !/^(data|blob):/.test(r.url)).map((r) => r.url)).toEqual([]);
  expect(faceFiles.map((r) => [r.step, r.status])).toEqual(faceFiles.map(() => ["selfie", 200]));
  expect(faceFiles.length).toBeGreaterThanOrEqual(5);
  expect(run.consoleErrors).toEqual([]);

  // What the server read on the two captures, as the integrator's review shows it (yaw in degrees):
  // they differ by the turn it asks for (MIN_TURN, 0.3 rad, 17.2°).
  await integrator.goto(`/dashboard/identity/${session.uuid}`);
  const liveness = integrator.getByTestId("liveness-scores");
  await expect(liveness).toContainText("Girar la cabeza hacia un lado");
  const yaw = async (label: string) => Number((await liveness.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]").textContent())!.replace("−", "-"));
  const [selfieDeg, turnedDeg] = [await yaw("Giro en la selfie"), await yaw("Giro al cumplir el reto")];
  expect(Math.abs(turnedDeg - selfieDeg)).toBeGreaterThanOrEqual(17.2);
  await shot(integrator, "identity-liveness-review", info.project.name);

  const liveSteps = run.seen.filter((r) => (r.step === "selfie" || r.step === "turn") && r.url.startsWith(origin) && !r.url.includes("/files/"));
  console.log(
    JSON.stringify({
      faceReaderLoadMs: Math.round(run.loadMs),
      turnSeen: run.turnSeen,
      yawDegrees: { selfie: selfieDeg, turned: turnedDeg },
      faceSimilarity: await integrator.getByTestId("face-similarity").textContent(),
      liveStepDownloads: liveSteps.map((r) => ({ path: new URL(r.url).pathname, step: r.step, status: r.status, encoding: r.encoding, bytes: r.bytes })),
      liveStepBytes: liveSteps.reduce((sum, r) => sum + r.bytes, 0),
    }),
  );
});

test("with LIVENESS_DETECTION on a phone that cannot load the face reader, the page says so and offers its capture button", async ({ page, request }, info) => {
  test.skip(info.project.name !== "phone", "the verification page is for phones");
  test.setTimeout(120_000);
  const key = await newcomerWithKey(page, "Integradora Respaldo", `respaldo-${Date.now()}@example.com`);
  const session = await openSession(request, key, { validations: ["INE", "CURP", "LIVENESS_DETECTION"] });
  // As a network that cannot fetch the models (the server still judges the captures).
  await page.route("**/identity/verify/models/**", (route) => route.abort());
  await uploadCard(page, session.verification_url, "ine-front.jpg", "ine-back.jpg", info.project.name, false);
  await expect(page.getByText("Este teléfono no puede tomar la foto en automático. Tómala con el botón.")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Usar la cámara" }).click();
  await page.getByRole("button", { name: "Tomar foto" }).click();
  await expect(page.getByRole("img", { name: "Vista previa de la foto" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Tomar otra" })).toBeVisible();
});

test("only_mobile_devices: a computer gets a QR code to continue on the phone", async ({ page, request }, info) => {
  test.skip(info.project.name !== "desktop", "the phone project does the verification itself");
  const key = await newcomerWithKey(page, "Integradora QR", `qr-${Date.now()}@example.com`);
  const session = await openSession(request, key, { only_mobile_devices: true });
  const response = await page.goto(session.verification_url);
  expect(response!.headers()["permissions-policy"]).toContain("camera=(self)");
  expect(response!.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(page.getByRole("heading", { name: "Continúa en tu teléfono" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Código QR con el enlace de esta verificación" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Comenzar" })).toHaveCount(0);
  await shot(page, "identity-qr", info.project.name);
});

test("v2 customization: the page paints the five colors, and a button text color that cannot be read is replaced", async ({ page, request }, info) => {
  test.skip(info.project.name !== "desktop", "colors do not depend on the device");
  const key = await newcomerWithKey(page, "Integradora Colores", `colores-${Date.now()}@example.com`);
  // White on gold is 1.4:1, below WCAG AA's 4.5:1: the page writes the buttons in black instead.
  const customization = { button_color: "#FFD700", background_color: "#111827", primary_color: "#6D28D9", secondary_color: "#EDE9FE", button_text_color: "#FFFFFF" };
  const res = await request.post("/identity/v2/identity/sessions", {
    headers: { Authorization: `Bearer ${key}`, Accept: "application/json" },
    data: { validations: ["INE", "CURP"], redirect_url: "https://cliente.example/listo", customization },
  });
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: Json };
  expect(data.customization).toEqual(customization);
  await page.goto(data.form_url);
  await hydrated(page);
  const start = page.getByRole("button", { name: "Comenzar" });
  await expect(start).toHaveCSS("background-color", "rgb(255, 215, 0)");
  await expect(start).toHaveCSS("color", "rgb(0, 0, 0)");
  // The page's background, and white text on it.
  const heading = page.getByRole("heading", { level: 1, name: "Verificación de identidad" });
  await expect(heading).toHaveCSS("color", "rgb(255, 255, 255)");
  const flow = heading.locator("xpath=ancestor::div[contains(@style, 'background-color')][1]");
  await expect(flow).toHaveCSS("background-color", "rgb(17, 24, 39)");
  await expect(flow).toHaveCSS("--brand-primary", "#6D28D9");
  await expect(flow).toHaveCSS("--brand-secondary", "#EDE9FE");
  await shot(page, "identity-v2-colors", info.project.name);

  // The addresses existing clients call, through the server: without the /identity prefix, and
  // after a base URL ending in "/" (an absolute URL: a bare "//identity/…" would name a host).
  for (const alias of [`/v2/identity/sessions/${data.id}?include=ine,renapo,files`, `${E2E_APP_URL}//identity/v2/identity/sessions/${data.id}`]) {
    const shown = await request.get(alias, { headers: { Authorization: `Bearer ${key}` } });
    expect(shown.status(), alias).toBe(200);
    expect(((await shown.json()) as { data: Json }).data).toMatchObject({ object: "VerificationSession", id: data.id, customization });
  }
  const viaSlashes = await request.post(`${E2E_APP_URL}//identity/v3/identity/sessions`, { headers: { Authorization: `Bearer ${key}` }, data: {} });
  expect(viaSlashes.status()).toBe(201);
});

// Identity from the dashboard, as Stripe Identity's dashboard does it: no API call.
test("an owner creates a verification link in the dashboard, it is e-mailed, and the person completes it: FINISHED 100 in the list", async ({ page, context }, info) => {
  test.skip(info.project.name !== "desktop", "one browser is enough for the dashboard path");
  test.setTimeout(240_000);
  await newcomerWithKey(page, "Financiera Panel", `panel-${Date.now()}@example.com`);
  await page.goto("/dashboard/identity");
  await hydrated(page);
  const form = page.locator("form").filter({ hasText: "Qué verificar" });
  await expect(page.getByRole("checkbox", { name: "INE (Lista Nominal)" })).toBeChecked();
  await page.getByLabel("Enviar por correo (opcional)").fill("persona.verificada@example.com");
  await page.getByLabel("Referencia (opcional)").fill("cliente 42");
  await shot(page, "identity-new-verification", info.project.name);
  await form.getByRole("button", { name: "Crear enlace de verificación" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Enviamos el enlace a persona.verificada@example.com" })).toBeVisible();
  const url = (await page.getByTestId("new-verification-url").textContent())!.trim();
  expect(url).toMatch(/\/identity\/verify\/[\w-]{43}$/);
  await shot(page, "identity-new-verification-created", info.project.name);

  // The e-mail carries the same link.
  await page.goto("/dashboard/outbox");
  await expect(page.getByTestId("outbox-message").filter({ hasText: "persona.verificada@example.com" })).toHaveCount(1);

  // The person, in another tab: card and selfie by upload.
  const person = await context.newPage();
  await uploadCard(person, url, "ine-front.jpg", "ine-back.jpg", info.project.name, false);
  await person.getByLabel("Subir una foto").setInputFiles(path.join(MEDIA, "selfie.jpg"));
  await person.getByRole("button", { name: "Usar esta foto" }).click();
  await expect(person.getByRole("heading", { name: "¡Listo! Terminamos la verificación" })).toBeVisible({ timeout: 90_000 });

  await expect(async () => {
    await page.goto("/dashboard/identity");
    const finished = page.getByRole("row").filter({ hasText: "Terminada" });
    await expect(finished).toHaveCount(1, { timeout: 2_000 });
    await expect(finished.getByTestId("session-result")).toContainText("100");
  }).toPass({ timeout: 60_000 });
  await shot(page, "identity-list-after-dashboard-verification", info.project.name);
});
