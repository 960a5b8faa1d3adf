import type { Page } from "@playwright/test";

/** Wait for React to hydrate: clicking earlier submits forms natively (stack.md). */
export async function hydrated(page: Page) {
  await page.locator("body[data-hydrated]").waitFor();
}

/** Full-page screenshot into test-results/screenshots/<project>-<name>.png, to be looked at. */
export async function shot(page: Page, name: string, project: string) {
  await page.screenshot({ path: `test-results/screenshots/${project}-${name}.png`, fullPage: true });
}
