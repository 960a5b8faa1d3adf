import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, photograph } from "./axe";
import { hydrated } from "./support";

/** Every "Campos"/"Fields" disclosure open, so axe-core and the eye see the nested schemas too. */
async function openAllDetails(page: Page) {
  await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
}

/** No path is cut off: each code element of a path fits in its line (it wraps instead). */
async function clippedPaths(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("section[id] > p > code")]
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > window.innerWidth)
      .map((el) => el.textContent ?? ""),
  );
}

test("/docs: Spanish first, English with the switch, no internal notes, paths whole, a way back, clean under axe-core", async ({ page }, info) => {
  test.setTimeout(420_000); // axe-core on a long page (every detail open): a minute or more on a shared 2-core machine
  const project = info.project.name;
  // axe-core once, on the desktop in Spanish: the page's markup, names and colours are the same
  // at every width and in both languages (only the words change), and each run takes a minute
  // (70 s of this test's 130 s, measured 2026-11-28). The phone checks what width changes:
  // paths that fit; English is checked for its words and paths.
  const axe = project === "desktop";
  await page.goto("/docs");
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1, name: "Referencia de la API de Rúbrica" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "API de firma" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Subir un documento" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Panel" })).toBeVisible();
  const body = await page.locator("body").innerText();
  expect(body).not.toMatch(/not in the reference|no está en la referencia/i);
  // What Rúbrica adds is marked once, with a badge, on the operation's card ("Subir un documento" is not in the reference).
  await expect(page.locator("section#createDocument > p").getByText("Extensión de Rúbrica", { exact: true })).toBeVisible();
  await expect(page.locator("section#getDocument > p").getByText("Extensión de Rúbrica", { exact: true })).toHaveCount(0);
  // Descriptions in Spanish too, not only the titles.
  await expect(page.locator("section#createDocument")).toContainText("Envía multipart/form-data con el PDF como file");
  expect(body).not.toContain("(internal)");
  expect(await clippedPaths(page)).toEqual([]);
  await photograph(page, "docs-es-top", project, false);
  await openAllDetails(page);
  if (axe) await expectAccessible(page, "/docs in Spanish, every detail open");
  await page.getByRole("heading", { level: 3, name: "Descargar una imagen capturada (URL firmada)" }).scrollIntoViewIfNeeded();
  await photograph(page, "docs-es-long-path", project, false);

  // The language switch, as everywhere on the site.
  await page.getByRole("group", { name: "Idioma" }).getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Rúbrica API reference" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Upload a document" })).toBeVisible();
  expect(await clippedPaths(page)).toEqual([]);
  await openAllDetails(page);
  await photograph(page, "docs-en-top", project, false);

  // A way back to the app.
  await page.getByRole("navigation", { name: "Back to the app" }).getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
