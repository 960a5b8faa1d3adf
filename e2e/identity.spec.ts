import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { newcomerWithKey } from "./signer-support";
import { hydrated, shot } from "./support";

// The sandbox person's card images and a fake camera playing their selfie, made before the
// browser starts (Chromium reads the video file at launch).
const MEDIA = path.resolve("test-results/identity-media");
execFileSync("npx", ["tsx", "e2e/make-identity-media.ts", MEDIA], { stdio: "inherit" });

test.use({
  launchOptions: {
    executablePath: fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${path.join(MEDIA, "selfie.y4m")}`,
    ],
  },
  permissions: ["camera"],
});

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

/** The person's whole way through the page: consent, card by upload, selfie by camera, checks. */
async function verifyOnPage(page: Page, url: string, front: string, project: string, shots: boolean) {
  await page.goto(url);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Verificación de identidad" })).toBeVisible();
  if (shots) await shot(page, "identity-consent", project);
  const start = page.getByRole("button", { name: "Comenzar" });
  await expect(start).toBeDisabled();
  await page.getByLabel("Acepto el aviso de privacidad y doy mi consentimiento").check();
  await start.click();

  for (const [heading, file, next] of [["Frente de tu INE", front, "Reverso de tu INE"], ["Reverso de tu INE", "ine-back.jpg", "Tu selfie"]] as const) {
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await page.getByLabel("Subir una foto").setInputFiles(path.join(MEDIA, file));
    await expect(page.getByRole("img", { name: "Vista previa de la foto" })).toBeVisible();
    if (shots && heading === "Frente de tu INE") await shot(page, "identity-front-preview", project);
    await page.getByRole("button", { name: "Usar esta foto" }).click();
    // The server reads the photo (the back's MRZ) before the next step shows; a refusal says why.
    await expect(page.getByRole("heading", { name: next }).or(page.getByRole("alert").filter({ hasText: /\w/ }))).toBeVisible({ timeout: 30_000 });
    const alerts = await page.getByRole("alert").allTextContents();
    expect(alerts.filter((a) => a.trim()), `${heading} refused`).toEqual([]);
    await expect(page.getByRole("heading", { name: next })).toBeVisible();
  }

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

test("a person verifies on their phone with the camera: FINISHED 100, another face below 100, then back to redirect_url", async ({ page, request, baseURL }, info) => {
  test.skip(info.project.name !== "phone", "the verification page is for phones; the desktop project checks the QR hand-off");
  test.setTimeout(300_000);
  const key = await newcomerWithKey(page, "Integradora Núñez", `identidad-${Date.now()}@example.com`);
  const branding = { primary_color: "#6d28d9", secondary_color: "#ede9fe" };
  const session = await openSession(request, key, { redirect_url: `${baseURL}/?verificado=1`, custom_branding: branding });

  await verifyOnPage(page, session.verification_url, "ine-front.jpg", info.project.name, true);
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
