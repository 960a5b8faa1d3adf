import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, type Browser, type Page, type TestInfo } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { axeViolations, WCAG_TAGS } from "./axe";
import { E2E_APP_URL, hydrated, signUpAndSignIn } from "./support";

/** A two-page contract with accents, made here so the test needs no fixture file. */
export async function twoPagePdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const [i, text] of [title, "Página de firmas: cláusulas, años y señas"].entries()) {
    const page = pdf.addPage([612, 792]);
    page.drawText(text, { x: 60, y: 700, size: 16, font });
    page.drawText(`Hoja ${i + 1} de 2`, { x: 60, y: 670, size: 12, font });
  }
  return Buffer.from(await pdf.save());
}

export type TestCertificate = { cer: string; key: string; password: string };

/**
 * A sandbox e.firma pair from the CLI, as a newcomer would make one. It must run against the
 * Playwright server's data folder: that installation's sandbox authority is the one it trusts.
 */
export function testCertificate(dir: string, name: string, rfc: string): TestCertificate {
  const password = "contraseña-1";
  fs.mkdirSync(dir, { recursive: true });
  execFileSync(
    path.resolve("node_modules/.bin/tsx"),
    ["scripts/cli.ts", "test-cert:create", "--type", "EFIRMA", "--name", name, "--rfc", rfc, "--curp", "BOXW310820HNERXN09", "--password", password, "--out", dir],
    { env: { ...process.env, DATA_DIR: ".data-e2e", APP_URL: E2E_APP_URL, LOG_LEVEL: "warn" }, stdio: "pipe" },
  );
  return { cer: path.join(dir, `${rfc}_EFIRMA.cer`), key: path.join(dir, `${rfc}_EFIRMA.key`), password };
}

/** A browser of its own, as the signer opening the e-mail on their device: no owner's session. */
export async function signerPage(browser: Browser, info: TestInfo): Promise<{ page: Page; foreign: string[]; consoleErrors: string[] }> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = info.project.use;
  const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL });
  const page = await context.newPage();
  // The signing page must not fetch anything from another origin.
  const foreign: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(`${E2E_APP_URL}/`) && !/^(data|blob):/.test(r.url())) foreign.push(r.url());
  });
  // A Content-Security-Policy refusal or a crash shows up here (the favicon's 404 is not ours to fix here).
  const consoleErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !m.location().url.endsWith("/favicon.ico")) consoleErrors.push(m.text());
  });
  page.on("pageerror", (err) => consoleErrors.push(err.message));
  return { page, foreign, consoleErrors };
}

/** Signs up a newcomer and makes an API key in Ajustes; returns the key. */
export async function newcomerWithKey(page: Page, owner: string, email: string): Promise<string> {
  await signUpAndSignIn(page, { name: owner, email });
  await page.goto("/dashboard/settings");
  await hydrated(page);
  await page.getByLabel("Nombre de la clave").fill("firma e2e");
  await page.getByRole("button", { name: "Crear clave" }).click();
  return (await page.getByTestId("new-api-key").textContent())!.trim();
}

/** The link in the notice the owner's outbox captured for this recipient and document. */
export async function linkFromOutbox(page: Page, fileName: string, recipient: string): Promise<string> {
  await page.goto("/dashboard/outbox");
  const notice = page.getByTestId("outbox-message").filter({ hasText: `te pide firmar «${fileName}»` }).filter({ hasText: recipient });
  await expect(async () => {
    await page.reload();
    await expect(notice).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await notice.click();
  const text = await page.getByRole("region", { name: "Texto" }).textContent();
  const link = text?.match(/https?:\/\/\S+\/signature\/sign-document\/[0-9a-f-]{36}/)?.[0];
  expect(link, "the notice carries the signing link").toBeTruthy();
  return link!;
}

/** Draws a scribble on the autograph pad, as a finger or mouse would. */
export async function drawAutograph(page: Page) {
  const pad = page.getByTestId("autograph-pad");
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await page.mouse.down();
  for (const [x, y] of [[0.25, 0.3], [0.4, 0.75], [0.55, 0.3], [0.7, 0.7], [0.85, 0.4]] as const) {
    await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 5 });
  }
  await page.mouse.up();
  await expect(pad).toHaveAttribute("data-drawn", "true");
}

/** Every text the signing status showed, recorded as it changes (each step lasts milliseconds). */
export async function recordSigningSteps(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { stepsSeen: string[] }).stepsSeen = seen;
    const status = document.querySelector('[data-testid="sign-progress"]')!;
    new MutationObserver(() => status.textContent && seen.push(status.textContent)).observe(status, { subtree: true, childList: true, characterData: true });
  });
}

export const signingStepsSeen = (page: Page) => page.evaluate(() => (window as unknown as { stepsSeen: string[] }).stepsSeen);

/**
 * axe-core on the signing page as it stands (WCAG 2.2 A/AA and axe's best practices): no
 * violation may be left. The state names the page in the failure message.
 */
export async function expectAccessible(page: Page, state: string) {
  const violations = await axeViolations(page, [...WCAG_TAGS, "wcag22aa", "best-practice"]);
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(found, `axe-core on the signing page (${state})`).toEqual([]);
}

/** A page drawn as a picture by the server has arrived (its reserved box is there before). */
export async function expectPageDrawn(figure: import("@playwright/test").Locator) {
  const picture = figure.getByTestId("page-image");
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  return picture;
}
