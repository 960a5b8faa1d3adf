import type { Page } from "@playwright/test";

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
