import path from "node:path";
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { drawAutograph, expectAccessible, expectPageDrawn, linkFromOutbox, newcomerWithKey, recordSigningSteps, signerPage, signingStepsSeen, testCertificate, twoPagePdf, type TestCertificate } from "./signer-support";
import { hydrated, shot } from "./support";

type Signer = { name: string; email: string };

/** Opens the link on the signer's own device and checks what they are asked to sign. */
async function openLink(browser: Browser, info: TestInfo, link: string, doc: { fileName: string; owner: string }, signer: Signer) {
  const { page, foreign, consoleErrors } = await signerPage(browser, info);
  const response = await page.goto(link);
  // The link is a bearer secret: no Referer carries it away, by header and by meta tag.
  expect(response!.headers()["referrer-policy"]).toBe("no-referrer");
  // Nothing from another origin may run next to the signer's private key.
  expect(response!.headers()["content-security-policy"]).toContain("default-src 'self'");
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute("content", "no-referrer");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: doc.fileName })).toBeVisible();
  await expect(page.getByText(`${doc.owner} te pide firmar`)).toBeVisible();
  // The hash is one click away, not on the first screen.
  const hash = page.getByTestId("original-hash");
  await expect(hash).toBeHidden();
  await page.getByText("Huella digital del documento (SHA-256)").click();
  await expect(hash).toBeVisible();
  await expect(hash).toHaveText(/^[0-9A-F]{64}$/);
  await expect(page.getByTestId("link-signer").filter({ hasText: signer.name })).toContainText("(tú)");
  await expect(page.getByRole("navigation", { name: "Navegación del panel" })).toHaveCount(0);
  return { page, foreign, consoleErrors };
}

/** Reads page 2 (drawn once scrolled to) and zooms it, as a careful signer on a phone would. */
async function readPageTwo(page: Page, shotName?: string) {
  const second = page.getByRole("figure", { name: "Página 2 de 2" });
  await second.scrollIntoViewIfNeeded();
  const picture = await expectPageDrawn(second);
  const fitted = (await picture.boundingBox())!.width;
  await page.getByRole("button", { name: "Acercar" }).click();
  await expect(page.getByTestId("zoom-level")).toHaveText("150 %");
  // The zoom buttons sit above the pages: back to page 2, whose picture is drawn only near the screen.
  await second.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await picture.boundingBox())?.width ?? 0).toBeGreaterThan(fitted * 1.4);
  if (shotName) await page.screenshot({ path: `test-results/screenshots/${shotName}.png` });
  await page.getByRole("button", { name: "Alejar" }).click();
  await expect(page.getByTestId("zoom-level")).toHaveText("100 %");
}

/**
 * The owner's boxes on their pages, where the seal will stamp: the bar walks from one to the
 * next (each centred on screen and focused, so a screen reader says where it is), and jumps to
 * the Firmar panel.
 */
async function signHereBoxes(page: Page, project: string) {
  const boxes = page.getByTestId("sign-here");
  await expect(boxes).toHaveCount(2);
  // Seen as "Firma aquí"; heard as which place it is and where.
  await expect(page.getByRole("figure", { name: "Página 1 de 2" }).getByTestId("sign-here")).toContainText("Firma aquí");
  await expect(page.getByRole("figure", { name: "Página 1 de 2" }).getByTestId("sign-here")).toContainText("Firma aquí: lugar 1 de 2, en la página 1");
  await expect(page.getByRole("figure", { name: "Página 2 de 2" }).getByTestId("sign-here")).toContainText("lugar 2 de 2, en la página 2");
  // Where the owner put it: 55 % across and 85 % down page 1's picture.
  const picture = await expectPageDrawn(page.getByRole("figure", { name: "Página 1 de 2" }));
  const [p, b] = [(await picture.boundingBox())!, (await boxes.first().boundingBox())!];
  expect(Math.abs((b.x - p.x) / p.width - 0.55)).toBeLessThan(0.01);
  expect(Math.abs((b.y - p.y) / p.height - 0.85)).toBeLessThan(0.01);
  const bar = page.getByTestId("sign-bar");
  await expect(bar).toContainText("Lugares para tu firma: 2");
  await bar.getByRole("button", { name: "Siguiente lugar de firma" }).click();
  await expect(boxes.nth(0)).toBeFocused();
  await expect(boxes.nth(0)).toBeInViewport();
  await bar.getByRole("button", { name: "Siguiente lugar de firma" }).click();
  await expect(boxes.nth(1)).toBeFocused();
  await expect(boxes.nth(1)).toBeInViewport();
  await shot(page, "sign-08b-sign-here", project);
  const jump = bar.getByRole("button", { name: "Firmar", exact: true });
  const heading = page.getByRole("heading", { name: "Firmar", exact: true });
  if (project === "phone") {
    // From the top, the panel is below the whole document: the bar offers the jump and takes the signer there.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(jump).toBeVisible();
    await jump.click();
    await expect(heading).toBeFocused();
  } else {
    // Beside the document, a scroll away. Centred outright: scrollIntoViewIfNeeded leaves a heading
    // that already peeks in at the screen's foot where it is, below the line the bar counts as "on
    // screen" (the lowest 30 %), and the jump then rightly stays (a CI run failed so).
    await heading.evaluate((el) => el.scrollIntoView({ block: "center" }));
  }
  await expect(heading).toBeInViewport();
  // With the Firmar panel on screen the bar drops its jump.
  await expect(jump).toHaveCount(0);
}

async function fillCertificate(page: Page, cer: string, key: string, password: string) {
  await page.getByRole("radio", { name: "e.firma del SAT" }).check();
  await page.getByLabel("Certificado (.cer)").setInputFiles(cer);
  await page.getByLabel("Llave privada (.key)", { exact: true }).setInputFiles(key);
  await page.getByLabel("Contraseña de la llave privada").fill(password);
  await page.getByRole("button", { name: "Firmar documento" }).click();
}

test("two signers sign with e.firma on their own devices and the owner gets the sealed PDF", async ({ page, browser, request }, info) => {
  test.setTimeout(180_000);
  const project = info.project.name;
  const stamp = `${project}.${Date.now()}`;
  const owner = "Ñandú Pérez Íñiguez";
  const fileName = `Contrato de arrendamiento Peñasco ${project}.pdf`;
  const begona: Signer = { name: "Begoña Núñez Ibáñez", email: `begona.${stamp}@example.com` };
  const jose: Signer = { name: "José Ángel Peña", email: `jose.${stamp}@example.com` };
  const certDir = path.join("test-results", "e2e-certs", stamp);
  const certs: Record<"begona" | "jose", TestCertificate> = {
    begona: testCertificate(certDir, begona.name, "NUIB800101AB1"),
    jose: testCertificate(certDir, jose.name, "PEPJ800101AB2"),
  };

  // The owner uploads through the dashboard, into «mis documentos».
  const key = await newcomerWithKey(page, owner, `dueno.${stamp}@example.com`);
  await page.goto("/dashboard/folders");
  await page.getByRole("link", { name: "mis documentos" }).first().click();
  await page.getByRole("link", { name: "Subir documento" }).click();
  await hydrated(page);
  for (const [n, s] of [[1, begona], [2, jose]] as const) {
    if (n === 2) await page.getByRole("button", { name: "Agregar firmante" }).click();
    const group = page.getByRole("group", { name: `Firmante ${n}` });
    await group.getByLabel("Nombre").fill(s.name);
    await group.getByLabel("Correo electrónico").fill(s.email);
  }
  await page.getByLabel("Archivo PDF").setInputFiles({ name: "contrato.pdf", mimeType: "application/pdf", buffer: await twoPagePdf("Contrato de arrendamiento — Peñasco, Jalisco") });
  await page.getByLabel("Nombre del documento").fill(fileName);
  await page.getByRole("button", { name: "Subir y enviar" }).click();
  await expect(page).toHaveURL(/\/dashboard\/documents\/[0-9a-f-]{36}$/);
  const documentId = page.url().split("/").pop()!;
  const links = { begona: await linkFromOutbox(page, fileName, begona.email), jose: await linkFromOutbox(page, fileName, jose.email) };

  // Begoña: reads page 2, picks José's key by mistake, then mistypes the password, then signs.
  const first = await openLink(browser, info, links.begona, { fileName, owner }, begona);
  await expect(first.page.getByTestId("signing-progress")).toHaveText("0 de 2 firmados");
  await readPageTwo(first.page, `${project}-sign-01b-zoomed`);
  await shot(first.page, "sign-01-link-opened", project);
  await fillCertificate(first.page, certs.begona.cer, certs.jose.key, certs.jose.password);
  await expect(first.page.getByRole("alert").filter({ hasText: "La llave privada (.key) no corresponde a este certificado (.cer)." })).toBeVisible();
  await fillCertificate(first.page, certs.begona.cer, certs.begona.key, "contraseña-equivocada");
  await expect(first.page.getByRole("alert").filter({ hasText: "La contraseña no abre esta llave privada." })).toBeVisible();
  await expect(first.page.getByLabel("Contraseña de la llave privada")).toHaveAttribute("aria-invalid", "true");
  await shot(first.page, "sign-02-wrong-password", project);
  await first.page.getByLabel("Contraseña de la llave privada").fill(certs.begona.password);
  await drawAutograph(first.page);
  await shot(first.page, "sign-03-ready", project);
  await recordSigningSteps(first.page);
  await first.page.getByRole("button", { name: "Firmar documento" }).click();
  const outcome = first.page.getByTestId("link-outcome");
  await expect(outcome.getByRole("heading", { name: "Firmaste este documento" })).toBeVisible({ timeout: 20_000 });
  await expect(outcome.getByRole("heading")).toBeFocused();
  await expect(outcome).toContainText("Cuando firmen todos");
  expect(await signingStepsSeen(first.page)).toEqual(expect.arrayContaining(["Descifrando tu llave…", "Firmando…", "Enviando…"]));
  await expect(first.page.getByRole("button", { name: "Firmar documento" })).toHaveCount(0);
  await expect(first.page.getByRole("button", { name: "Rechazar el documento" })).toHaveCount(0);
  await shot(first.page, "sign-04-signed", project);
  await expectAccessible(first.page, "signed");
  expect(first.foreign).toEqual([]);
  expect(first.consoleErrors).toEqual([]);

  // José signs the same way, and sees Begoña has signed.
  const second = await openLink(browser, info, links.jose, { fileName, owner }, jose);
  await expect(second.page.getByTestId("signing-progress")).toHaveText("1 de 2 firmados");
  await readPageTwo(second.page);
  await fillCertificate(second.page, certs.jose.cer, certs.jose.key, "otra-equivocada");
  await expect(second.page.getByRole("alert").filter({ hasText: "La contraseña no abre esta llave privada." })).toBeVisible();
  await second.page.getByLabel("Contraseña de la llave privada").fill(certs.jose.password);
  await drawAutograph(second.page);
  await second.page.getByRole("button", { name: "Firmar documento" }).click();
  await expect(second.page.getByTestId("link-outcome").getByRole("heading", { name: "Firmaste este documento" })).toBeVisible({ timeout: 20_000 });
  await shot(second.page, "sign-05-second-signed", project);
  expect([...second.foreign, ...second.consoleErrors]).toEqual([]);

  // The worker seals it: the owner's page eventually says Firmado, and the PDF carries the seal.
  await page.goto(`/dashboard/documents/${documentId}`);
  await expect
    .poll(async () => {
      await page.reload();
      return page.getByTestId("document-status").textContent();
    }, { timeout: 30_000 })
    .toBe("Firmado");
  await expect(page.getByTestId("document-progress")).toHaveText("2 de 2 firmados");
  await shot(page, "sign-06-owner-sealed", project);
  const pdf = await request.get(`/v1/documents/${documentId}/pdf`, { headers: { Authorization: `Bearer ${key}` } });
  expect(pdf.status()).toBe(200);
  const body = (await pdf.body()).toString("latin1");
  expect(body).toContain("/ByteRange");
  expect(body).toContain("ETSI.CAdES.detached");

  // Begoña's link now says everyone signed, and still offers nothing to do.
  await first.page.reload();
  await expect(first.page.getByTestId("link-outcome")).toContainText("Todos firmaron: el documento quedó sellado.");
  await expect(first.page.getByTestId("signing-progress")).toHaveText("2 de 2 firmados");
  // The link now serves the sealed PDF: the signature sheet follows the two pages.
  const sheet = first.page.getByRole("figure", { name: /^Página 3 de \d+$/ });
  await sheet.scrollIntoViewIfNeeded();
  await expectPageDrawn(sheet);
  await shot(first.page, "sign-07-all-signed", project);

  // Anyone can check the sealed PDF at /verify: intact, both signers named.
  await first.page.goto("/verify");
  await hydrated(first.page);
  await first.page.getByLabel("PDF o XML a verificar").setInputFiles({ name: "firmado.pdf", mimeType: "application/pdf", buffer: await pdf.body() });
  await first.page.getByRole("button", { name: "Verificar", exact: true }).click();
  await expect(first.page.getByRole("status")).toHaveText("Documento íntegro: es exactamente el que Rúbrica selló.");
  await expect(first.page.getByTestId("verified-signer")).toHaveCount(2);
  await shot(first.page, "sign-07b-verified", project);
  await first.page.context().close();
  await second.page.context().close();
});

test("a signer rejects with a reason; the next one, who waited their turn, sees it was rejected", async ({ page, browser, request }, info) => {
  test.setTimeout(240_000); // axe-core on four states and the boxes tour, on a shared 2-core machine
  const project = info.project.name;
  const stamp = `${project}.${Date.now()}`;
  const owner = "Íñigo Ordóñez";
  const fileName = `Convenio Ñuñoa ${project}.pdf`;
  const begona: Signer = { name: "Begoña Núñez Ibáñez", email: `begona.${stamp}@example.com` };
  const jose: Signer = { name: "José Ángel Peña", email: `jose.${stamp}@example.com` };
  const reason = "No estoy de acuerdo con la cláusula de señas y años.";

  // This one through the API, in order: José's turn comes after Begoña's.
  const key = await newcomerWithKey(page, owner, `dueno.${stamp}@example.com`);
  const auth = { Authorization: `Bearer ${key}` };
  const folders = await (await request.get("/v1/companies", { headers: auth })).json();
  const created = await request.post(`/v1/containers/${folders.data[0].id}/documents`, {
    headers: auth,
    data: {
      file_name: fileName,
      file_base64: (await twoPagePdf("Convenio de colaboración — Ñuñoa")).toString("base64"),
      // Begoña signs in two places: the foot of page 1 and the middle of page 2.
      signatures: [{ ...begona, positions: JSON.stringify([{ page: 1, x: 0.55, y: 0.85, width: 0.35, height: 0.08 }, { page: 2, x: 0.1, y: 0.5, width: 0.35, height: 0.08 }]) }, jose],
      sign_position: "CUSTOM",
      signature_ordered: "ACTIVE",
    },
  });
  expect(created.status()).toBe(201);
  const [begonaId, joseId] = (await created.json()).data.relationships.signatories.data.map((s: { id: string }) => s.id);

  const waiting = await openLink(browser, info, `/signature/sign-document/${joseId}`, { fileName, owner }, jose);
  await expect(waiting.page.getByTestId("link-outcome")).toContainText(`Aún no es tu turno`);
  await expect(waiting.page.getByTestId("link-outcome")).toContainText(`falta la firma de ${begona.name}`);
  await expect(waiting.page.getByRole("button", { name: "Firmar documento" })).toHaveCount(0);
  await shot(waiting.page, "sign-08-not-your-turn", project);
  await expectAccessible(waiting.page, "not your turn");

  const rejecting = await openLink(browser, info, `/signature/sign-document/${begonaId}`, { fileName, owner }, begona);
  await signHereBoxes(rejecting.page, project);
  await expectAccessible(rejecting.page, "pending");
  // The same link left open in another tab: it will be out of date once she rejects.
  const staleTab = await rejecting.page.context().newPage();
  await staleTab.goto(`/signature/sign-document/${begonaId}`);
  await hydrated(staleTab);
  await rejecting.page.getByRole("button", { name: "Rechazar el documento" }).click();
  const section = rejecting.page.getByRole("region", { name: "Rechazar el documento" });
  await section.getByRole("button", { name: "Rechazar", exact: true }).click();
  await expect(section.getByRole("alert")).toHaveText("Escribe el motivo (al menos 3 caracteres).");
  await section.getByLabel("Motivo del rechazo").fill(reason);
  await shot(rejecting.page, "sign-09-reject-form", project);
  await section.getByRole("button", { name: "Rechazar", exact: true }).click();
  const rejected = rejecting.page.getByTestId("link-outcome");
  await expect(rejected.getByRole("heading", { name: "Rechazaste este documento" })).toBeVisible();
  await expect(rejected).toContainText(`Tu motivo: ${reason}`);
  await expect(rejecting.page.getByRole("button", { name: "Firmar documento" })).toHaveCount(0);
  await shot(rejecting.page, "sign-10-rejected", project);
  await expectAccessible(rejecting.page, "rejected");
  // Rejected: nothing left to sign, so neither boxes nor the sign bar.
  await expect(rejecting.page.getByTestId("sign-here")).toHaveCount(0);
  await expect(rejecting.page.getByTestId("sign-bar")).toHaveCount(0);

  // The stale tab tries again: the server refuses (409) and the page shows what happened instead.
  await staleTab.getByRole("button", { name: "Rechazar el documento" }).click();
  await staleTab.getByLabel("Motivo del rechazo").fill("Otra vez");
  await staleTab.getByRole("button", { name: "Rechazar", exact: true }).click();
  await expect(staleTab.getByRole("alert").filter({ hasText: "El documento cambió mientras estabas en esta página" })).toBeVisible();
  await expect(staleTab.getByTestId("link-outcome")).toContainText(`Tu motivo: ${reason}`);
  await shot(staleTab, "sign-10b-stale-tab", project);

  // José's link now says plainly that it was rejected, and why; in English too.
  await waiting.page.reload();
  await expect(waiting.page.getByTestId("link-outcome").getByRole("heading", { name: "El documento fue rechazado" })).toBeVisible();
  await expect(waiting.page.getByTestId("link-outcome")).toContainText(`Motivo: ${reason}`);
  await shot(waiting.page, "sign-11-document-rejected", project);
  await expectAccessible(waiting.page, "document rejected");
  await waiting.page.getByRole("button", { name: "English" }).click();
  await expect(waiting.page.getByTestId("link-outcome").getByRole("heading", { name: "The document was rejected" })).toBeVisible();
  // A rejected document's links no longer serve the PDF (as a cancelled one's): no reader.
  await expect(waiting.page.getByRole("heading", { name: "Read the document" })).toHaveCount(0);
  await shot(waiting.page, "sign-12-english", project);

  // The owner was told, and so was José; anyone checking the file learns only that it was rejected.
  const document = (await (await request.get(`/v1/documents/${(await created.json()).data.id}`, { headers: auth })).json()).data;
  const checker = await browser.newPage(); // someone else, in Spanish (the default)
  await checker.goto(`/verify?id=${document.id}`); // as the QR code of a signature sheet names it
  await expect(checker.getByTestId("verification").getByRole("status")).toContainText("Rechazado: un firmante se negó a firmar este documento");
  await expect(checker.getByText(begona.name)).toHaveCount(0);
  await shot(checker, "sign-12b-verify-rejected", project);
  await checker.context().close();

  // An unknown link: a 404 that says what to do.
  const missing = await waiting.page.goto("/signature/sign-document/00000000-0000-4000-8000-000000000000");
  expect(missing!.status()).toBe(404);
  await expect(waiting.page.getByRole("heading", { name: "This signing link does not exist" })).toBeVisible();
  await waiting.page.getByRole("button", { name: "Español" }).click();
  await expect(waiting.page.getByRole("heading", { name: "Este enlace de firma no existe" })).toBeVisible();
  await shot(waiting.page, "sign-13-unknown-link", project);
  expect([...waiting.foreign, ...rejecting.foreign, ...rejecting.consoleErrors]).toEqual([]);
  await waiting.page.context().close();
  await rejecting.page.context().close();
});
