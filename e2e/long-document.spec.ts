import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, newcomerWithKey, signerPage, testCertificate } from "./signer-support";
import { hydrated } from "./support";

// Issue 28: a 352-page file (freeculture, from pdf.js's test corpus) signed on a phone. The bar's
// "Firmar" used to smooth-scroll through every page, the server drawing each one it passed (215
// of 352). Now only pages near the screen get a picture: every request is counted and checked.
const FREECULTURE = path.resolve("../shared/realworld/pdfs/pdfjs_freeculture.pdf");
const PAGES = 352;

const pictureOf = (url: string) => Number(new URL(url).pathname.match(/^\/signature\/sign-document\/[0-9a-f-]{36}\/pages\/(\d+)$/)?.[1] ?? NaN);

/**
 * Page numbers of the pictures the signing page asked for, in order; and, in `order`, when the
 * first page's picture arrived and when the second's was asked for (it must wait: page 1 is the LCP).
 */
function pictureRequests(page: Page): { asked: number[]; order: string[] } {
  const asked: number[] = [];
  const order: string[] = [];
  page.on("request", (r) => {
    const n = pictureOf(r.url());
    if (Number.isNaN(n)) return;
    asked.push(n);
    if (n === 2) order.push("asked for 2");
  });
  page.on("requestfinished", (r) => pictureOf(r.url()) === 1 && order.push("1 arrived"));
  return { asked, order };
}

/** The screenful, not the whole page: a full-page shot of 352 pages is 190,000 px tall. */
const screen = (page: Page, name: string, project: string) => page.screenshot({ path: `test-results/screenshots/${project}-${name}.png` });

test("a 352-page document is read, navigated and signed, drawing only the pages near the screen", async ({ page, browser, request }, info) => {
  test.setTimeout(240_000);
  const project = info.project.name;
  const stamp = `${project}.${Date.now()}`;
  const signer = { name: "Begoña Núñez Ibáñez", email: `begona.${stamp}@example.com` };
  const cert = testCertificate(path.join("test-results", "e2e-certs", stamp), signer.name, "NUIB800101AB1");
  const key = await newcomerWithKey(page, "Ñandú Pérez Íñiguez", `dueno.${stamp}@example.com`);

  // Sent by API with the signer's box on the last page: "Siguiente lugar" and the seal go there.
  const headers = { Authorization: `Bearer ${key}` };
  const folders = (await (await request.get("/v1/companies", { headers })).json()) as { data: { id: string }[] };
  const created = await request.post(`/v1/containers/${folders.data[0]!.id}/documents`, {
    headers,
    data: {
      file_base64: fs.readFileSync(FREECULTURE).toString("base64"),
      file_name: `Free Culture ${project}.pdf`,
      sign_position: "CUSTOM",
      notification_mode: "DISABLED",
      signatures: [{ name: signer.name, email: signer.email, positions: [{ page: PAGES, x: 0.5, y: 0.8, width: 0.35, height: 0.08 }] }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const doc = (await created.json()) as { data: { id: string; relationships: { signatories: { data: { id: string }[] } } } };
  const link = `/signature/sign-document/${doc.data.relationships.signatories.data[0]!.id}`;

  const { page: phone, consoleErrors } = await signerPage(browser, info);
  const { asked, order } = pictureRequests(phone);
  // The first picture held back 2 s, as on a slow network: the second must still wait for it.
  let held = false;
  await phone.route(/\/pages\/1\?/, async (route) => {
    if (!held) {
      held = true;
      await new Promise((r) => setTimeout(r, 2000));
    }
    await route.continue();
  });
  await phone.goto(link);
  await hydrated(phone);
  await expect(phone.getByRole("figure", { name: `Página ${PAGES} de ${PAGES}` })).toHaveCount(1);
  await expect(phone.getByTestId("current-page")).toHaveText(`Página 1 de ${PAGES}`);
  await expect.poll(() => phone.evaluate(() => document.querySelector<HTMLImageElement>("figure img[data-testid=page-image]")?.naturalWidth ?? 0)).toBeGreaterThan(0);
  // Sharp, and no larger than needed: the picture chosen has at least the page's device pixels
  // (the srcset's sizes never under-states the page's width), and less than twice them.
  // (By the width asked in currentSrc: naturalWidth is divided by the density the srcset chose.)
  const fit = await phone.getByTestId("page-image").first().evaluate((img: HTMLImageElement) => ({ chosen: Number(new URL(img.currentSrc).searchParams.get("w")), needed: img.getBoundingClientRect().width * devicePixelRatio }));
  expect(fit.chosen, JSON.stringify(fit)).toBeGreaterThanOrEqual(fit.needed);
  expect(fit.chosen, JSON.stringify(fit)).toBeLessThan(2 * fit.needed);
  await screen(phone, "long-01-opened", project);
  await expectAccessible(phone, "long document");
  // The first screen asks for the first pages only, the first alone until it has arrived.
  expect(asked.length).toBeGreaterThan(0);
  expect(Math.max(...asked)).toBeLessThanOrEqual(4);
  await expect.poll(() => order.includes("asked for 2")).toBe(true);
  expect(order.indexOf("1 arrived"), `order: ${order}`).toBeGreaterThanOrEqual(0);
  expect(order.indexOf("1 arrived")).toBeLessThan(order.indexOf("asked for 2"));

  // "Ir a la página" 200: it is on screen and drawn; nothing between was asked for.
  const before = asked.length;
  await phone.getByRole("navigation", { name: "Páginas del documento" }).getByRole("spinbutton", { name: "Ir a la página" }).fill("200");
  await phone.getByRole("button", { name: "Ir", exact: true }).click();
  const p200 = phone.getByRole("figure", { name: `Página 200 de ${PAGES}` });
  await expect(p200).toBeInViewport();
  await expect(phone.getByTestId("current-page")).toHaveText(`Página 200 de ${PAGES}`);
  await expect.poll(() => p200.getByTestId("page-image").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await screen(phone, "long-02-page-200", project);
  expect(asked.slice(before).every((n) => n >= 197 && n <= 203), `pictures asked after the jump: ${asked.slice(before)}`).toBe(true);
  // Far pages have no picture in the page: 352 decoded pages never sit in a phone's memory.
  expect(await phone.getByTestId("page-image").count()).toBeLessThanOrEqual(8);

  // Back to the top, then the bar's Firmar: straight to the form, no page between drawn.
  await phone.getByRole("spinbutton", { name: "Ir a la página" }).fill("1");
  await phone.getByRole("button", { name: "Ir", exact: true }).click();
  await expect(phone.getByTestId("current-page")).toHaveText(`Página 1 de ${PAGES}`);
  const beforeSign = asked.length;
  const bar = phone.getByTestId("sign-bar");
  // "Siguiente lugar de firma": the box on the last page, 351 pages down, at once.
  await bar.getByRole("button", { name: "Siguiente lugar de firma" }).click();
  await expect(phone.getByTestId("sign-here")).toBeFocused();
  await expect(phone.getByTestId("sign-here")).toBeInViewport();
  await expect(phone.getByTestId("current-page")).toHaveText(`Página ${PAGES} de ${PAGES}`);
  await phone.evaluate(() => window.scrollTo(0, 0));
  if (project === "phone") {
    await bar.getByRole("button", { name: "Firmar", exact: true }).click();
    await expect(phone.getByRole("heading", { name: "Firmar", exact: true })).toBeFocused();
  } else await phone.getByRole("heading", { name: "Firmar", exact: true }).scrollIntoViewIfNeeded();
  await expect(phone.getByRole("heading", { name: "Firmar", exact: true })).toBeInViewport();

  // A wrong password first: its error shows, then the right one signs.
  await phone.getByRole("radio", { name: "e.firma del SAT" }).check();
  await phone.getByLabel("Certificado (.cer)").setInputFiles(cert.cer);
  await phone.getByLabel("Llave privada (.key)", { exact: true }).setInputFiles(cert.key);
  await phone.getByLabel("Contraseña de la llave privada").fill("contraseña-equivocada");
  await phone.getByRole("button", { name: "Firmar documento" }).click();
  await expect(phone.getByRole("alert").filter({ hasText: "La contraseña no abre esta llave privada." })).toBeVisible();
  await screen(phone, "long-03-wrong-password", project);
  await phone.getByLabel("Contraseña de la llave privada").fill(cert.password);
  await phone.getByRole("button", { name: "Firmar documento" }).click();
  await expect(phone.getByTestId("link-outcome").getByRole("heading", { name: "Firmaste este documento" })).toBeVisible({ timeout: 30_000 });
  await screen(phone, "long-04-signed", project);

  // Reaching the box and the form drew no page of the document's middle: only the last pages beside the form
  // (on a phone the form follows the document; on a desktop it sits beside the first pages).
  const afterJump = asked.slice(beforeSign);
  expect(afterJump.every((n) => n <= 4 || n >= PAGES - 4), `pictures asked on the way to the form: ${afterJump}`).toBe(true);
  expect(new Set(asked).size, `all pictures asked: ${asked}`).toBeLessThanOrEqual(20);
  expect(consoleErrors).toEqual([]);

  // The owner's page: the pages scroll in their own box with the same navigation; once sealed the
  // coloured boxes no longer cover the stamps.
  await page.goto(`/dashboard/documents/${doc.data.id}`);
  await expect
    .poll(async () => {
      await page.reload();
      return page.getByTestId("document-status").textContent();
    }, { timeout: 60_000 })
    .toBe("Firmado");
  await hydrated(page);
  const nav = page.getByRole("navigation", { name: "Páginas del documento" });
  // The sealed file: the signature sheet follows the 352 pages.
  await expect(nav.getByTestId("current-page")).toHaveText(/^Página 1 de 35[3-9]$/, { timeout: 30_000 });
  await nav.getByRole("spinbutton", { name: "Ir a la página" }).fill(String(PAGES));
  await nav.getByRole("button", { name: "Ir", exact: true }).click();
  const last = page.getByRole("figure", { name: new RegExp(`^Página ${PAGES} de `) });
  await expect(last.locator("canvas")).toBeVisible({ timeout: 30_000 });
  // After the jump the navigator (and its "Ir") is still on screen for the next one, and so is the page.
  await expect(nav.getByRole("button", { name: "Ir", exact: true })).toBeInViewport();
  await expect(last).toBeInViewport();
  await expect(page.getByTestId("signature-box")).toHaveCount(0);
  // Pages drawn: only those near the box's view (a few), not the 352 above.
  expect(await page.getByTestId("pdf-pages").locator("canvas").count()).toBeLessThanOrEqual(8);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(6000);
  await page.screenshot({ path: `test-results/screenshots/${project}-long-05-owner-sealed.png`, fullPage: true });
});
