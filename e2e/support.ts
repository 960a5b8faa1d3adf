import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

/** The e2e server's address (playwright.config.ts): scripts run beside it write to its installation. */
export const E2E_APP_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

/** Wait for React to hydrate: clicking earlier submits forms natively (stack.md). */
export async function hydrated(page: Page) {
  await page.locator("body[data-hydrated]").waitFor();
}

/** Full-page screenshot into test-results/screenshots/<project>-<name>.png, to be looked at. */
export async function shot(page: Page, name: string, project: string) {
  await page.screenshot({ path: `test-results/screenshots/${project}-${name}.png`, fullPage: true });
}

/**
 * The dashboard's menu, open: on a phone its links sit behind one "Menú" button (hidden links
 * are not found by role), on a desktop they are always shown.
 */
export async function dashboardNav(page: Page, name = "Navegación del panel") {
  const nav = page.getByRole("navigation", { name });
  await hydrated(page);
  const toggle = nav.getByRole("button");
  if ((await toggle.isVisible()) && (await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  return nav;
}

/**
 * The link of the newest e-mail of `template` to `recipient`, read from the server's outbox (the
 * e2e server has no SMTP: mail is captured there), as the person would click it in their inbox.
 */
export function mailLink(recipient: string, template: string, pathPrefix: string): string {
  const out = execFileSync(path.resolve("node_modules/.bin/tsx"), ["e2e/read-mail.ts", recipient, template], {
    env: { ...process.env, DATA_DIR: ".data-e2e", APP_URL: E2E_APP_URL, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const { text } = JSON.parse(out.toString().trim().split("\n").at(-1)!) as { text: string };
  const url = new RegExp(`https?://[^\\s]+${pathPrefix}/[\\w-]{43}`).exec(text)?.[0];
  if (!url) throw new Error(`no ${pathPrefix} link in the ${template} e-mail to ${recipient}`);
  return new URL(url).pathname;
}

export async function signIn(page: Page, email: string, password: string, landing: RegExp = /\/dashboard$/) {
  await hydrated(page);
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(landing);
}

/**
 * A newcomer's way in: the sign-up form (which answers "check your e-mail"), the confirmation
 * link from that e-mail, then sign-in. `confirm: false` leaves the address unconfirmed.
 */
export async function signUpAndSignIn(page: Page, person: { name: string; email: string; password?: string }, options: { confirm?: boolean } = {}) {
  const password = person.password ?? "contraseña-segura-1";
  await page.goto("/signup");
  await hydrated(page);
  await page.getByLabel("Nombre completo").fill(person.name);
  await page.getByLabel("Correo electrónico").fill(person.email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByTestId("check-email")).toContainText(person.email.toLowerCase());
  if (options.confirm ?? true) await confirmEmail(page, person.email);
  await page.goto("/login");
  await signIn(page, person.email, password);
}

/** Follows the confirmation link mailed to `email` and presses its button. */
export async function confirmEmail(page: Page, email: string) {
  await page.goto(mailLink(email, "confirm-email", "/confirm-email"));
  await hydrated(page);
  await page.getByRole("button", { name: "Confirmar mi correo" }).click();
  await expect(page.getByRole("status")).toContainText("Tu correo está confirmado.");
}

/** Runs scripts/cli.ts against the e2e server's installation; its last line of output. */
export const cli = (...args: string[]) =>
  execFileSync(path.resolve("node_modules/.bin/tsx"), ["scripts/cli.ts", ...args], {
    env: { ...process.env, DATA_DIR: ".data-e2e", APP_URL: E2E_APP_URL, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  })
    .toString()
    .trim()
    .split("\n")
    .at(-1)!;
