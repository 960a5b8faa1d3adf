import { expect, test, type Locator } from "@playwright/test";
import { dashboardNav, hydrated, shot, signUpAndSignIn } from "./support";
import { PDFDocument, StandardFonts } from "pdf-lib";

/** A two-page contract with accents, made here so the test needs no fixture file. */
async function twoPagePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const [i, text] of ["Contrato de prestación de servicios — Peñasco, Jalisco", "Página de firmas: Begoña Núñez y José Ángel Peña"].entries()) {
    const page = pdf.addPage([612, 792]);
    page.drawText(text, { x: 60, y: 700, size: 16, font });
    page.drawText(`Hoja ${i + 1} de 2 · cláusulas, años, señas`, { x: 60, y: 670, size: 12, font });
  }
  return Buffer.from(await pdf.save());
}

/** A rendered page centred on screen (the mouse only reaches what is in the viewport) and its box. */
async function onScreen(layer: Locator) {
  await layer.evaluate((el) => el.scrollIntoView({ block: "center" }));
  return (await layer.boundingBox())!;
}

/** Clicks a point of a rendered page given as fractions of it, as a person would. */
async function clickAt(layer: Locator, x: number, y: number) {
  const box = await onScreen(layer);
  await layer.page().mouse.click(box.x + box.width * x, box.y + box.height * y);
}

test("a newcomer uploads a PDF with signers, places a box on page 2, sees the notices, edits a signer and the API agrees", async ({ page, request, context }, info) => {
  const project = info.project.name;
  const stamp = `${project}.${Date.now()}`;
  const owner = "Ñandú Pérez Íñiguez";
  const email = `firma.${stamp}@example.com`;
  const signer1 = { name: "Begoña Núñez Ibáñez", email: `begona.${stamp}@example.com` };
  const signer2 = { name: "José Ángel Peña", email: `jose.${stamp}@example.com` };
  const watcher = { name: "Íñigo Ordóñez", email: `inigo.${stamp}@example.com` };
  const fileName = "Contrato Ñandú.pdf";
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);

  // Sign up, as in newcomer.spec.ts.
  await signUpAndSignIn(page, { name: owner, email });

  // A new folder, then open it.
  await (await dashboardNav(page)).getByRole("link", { name: "Carpetas" }).click();
  await expect(page).toHaveURL(/\/dashboard\/folders$/);
  await hydrated(page);
  const form = page.getByRole("form", { name: "Nueva carpeta" });
  await form.getByLabel("Nombre", { exact: true }).fill("Contratos de Peñasco");
  await expect(form.getByLabel("Zona horaria")).toHaveValue("America/Mexico_City");
  await form.getByRole("button", { name: "Crear carpeta" }).click();
  await expect(page.getByRole("status")).toContainText("Carpeta «Contratos de Peñasco» creada.");
  await expect(page.getByTestId("folder").filter({ hasText: "Contratos de Peñasco" })).toContainText("Propietario");
  await shot(page, "signing-01-folders", project);
  await page.getByRole("link", { name: "Contratos de Peñasco" }).click();
  await expect(page.getByRole("heading", { name: "Contratos de Peñasco", level: 1 })).toBeVisible();
  await expect(page.getByText("Esta carpeta aún no tiene documentos.")).toBeVisible();
  await shot(page, "signing-02-empty-folder", project);

  // Upload: signers with Ñ and accents, an observer.
  await page.getByRole("link", { name: "Subir documento" }).click();
  await expect(page.getByRole("heading", { name: "Subir documento" })).toBeVisible();
  await hydrated(page);
  const first = page.getByRole("group", { name: "Firmante 1" });
  await first.getByLabel("Nombre").fill(signer1.name);
  await first.getByLabel("Correo electrónico").fill(signer1.email);
  await page.getByRole("button", { name: "Agregar firmante" }).click();
  const second = page.getByRole("group", { name: "Firmante 2" });
  await second.getByLabel("Nombre").fill(signer2.name);
  await second.getByLabel("Correo electrónico").fill(signer2.email);
  await second.getByLabel("Teléfono (opcional)").fill("55 1234 5678");
  await page.getByRole("button", { name: "Agregar observador" }).click();
  const observer = page.getByRole("group", { name: "Observador 1" });
  await observer.getByLabel("Nombre").fill(watcher.name);
  await observer.getByLabel("Correo electrónico").fill(watcher.email);

  // A file that is not a PDF is refused by the server (415) and the page says so.
  await page.getByLabel("Archivo PDF").setInputFiles({ name: "nota.pdf", mimeType: "application/pdf", buffer: Buffer.from("esto no es un PDF") });
  await page.getByRole("button", { name: "Subir y enviar" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "El archivo no es un PDF." }).first()).toBeVisible();

  await page.getByLabel("Archivo PDF").setInputFiles({ name: "contrato.pdf", mimeType: "application/pdf", buffer: await twoPagePdf() });
  await expect(page.getByLabel("Nombre del documento")).toHaveValue("contrato.pdf");
  await page.getByLabel("Nombre del documento").fill(fileName);

  // A box on page 2 for the first signer.
  await page.getByRole("radio", { name: signer1.name }).check();
  await page.getByLabel("Página", { exact: true }).selectOption("2");
  const uploadLayer = page.getByTestId("box-layer-2");
  await expect(uploadLayer).toBeVisible();
  await clickAt(uploadLayer, 0.5, 0.7);
  await expect(uploadLayer.getByTestId("signature-box")).toHaveCount(1);
  await expect(page.getByText(`${signer1.name}: página(s) 2`)).toBeVisible();
  await shot(page, "signing-03-upload-form", project);

  // Record every state of the progress bar: the upload of a small file is quick, and the
  // assertion must not depend on catching it with a poll.
  await page.evaluate(() => {
    const seen: { value: number; visible: boolean }[] = [];
    (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
    const record = () => {
      const bar = document.querySelector<HTMLElement>("[role=progressbar]");
      if (bar) seen.push({ value: Number(bar.getAttribute("aria-valuenow")), visible: bar.getBoundingClientRect().width > 0 });
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-valuenow"] });
  });
  await page.getByRole("button", { name: "Subir y enviar" }).click();
  await expect(page).toHaveURL(/\/dashboard\/documents\/[0-9a-f-]{36}$/);
  const documentId = page.url().split("/").pop()!;
  const progress = await page.evaluate(() => (window as unknown as { progressSeen: { value: number; visible: boolean }[] }).progressSeen);
  expect(progress.some((p) => p.visible)).toBe(true);
  expect(progress.some((p) => p.value === 100)).toBe(true);

  // The document page: status, signers, observer, box, preview.
  await expect(page.getByRole("heading", { name: fileName })).toBeVisible();
  await expect(page.getByTestId("document-status")).toHaveText("En proceso");
  await expect(page.getByTestId("document-progress")).toHaveText("0 de 2 firmados");
  const signatories = page.getByTestId("signatory");
  await expect(signatories).toHaveCount(2);
  await expect(signatories.nth(0)).toContainText(signer1.name);
  await expect(signatories.nth(0).getByTestId("signer-box-pages")).toHaveText("página(s) 2");
  await expect(signatories.nth(1)).toContainText(signer2.name);
  await expect(signatories.nth(1)).toContainText("+525512345678");
  await expect(page.getByTestId("spectator")).toContainText(watcher.name);
  await expect(page.getByTestId("activity-item").first()).toContainText("Documento subido");
  // Pages are drawn as they come near the screen (the preview is last on a phone).
  const firstPage = page.getByRole("figure", { name: "Página 1 de 2" });
  await firstPage.scrollIntoViewIfNeeded();
  await expect(firstPage.locator("canvas")).toBeVisible({ timeout: 20_000 });
  await page.getByRole("figure", { name: "Página 2 de 2" }).scrollIntoViewIfNeeded();
  await expect(page.getByRole("figure", { name: "Página 2 de 2" }).locator("canvas")).toBeVisible();
  await page.getByRole("button", { name: `Copiar enlace de firma de ${signer1.name}` }).click();
  await expect(signatories.nth(0).getByRole("status")).toHaveText(`Enlace de ${signer1.name} copiado.`);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/signature\/sign-document\/[0-9a-f-]{36}$/);
  await shot(page, "signing-04-document", project);

  // Notices: both signers at once (ordered signing off) and the observer.
  await (await dashboardNav(page)).getByRole("link", { name: "Bandeja de salida" }).click();
  await expect(page).toHaveURL(/\/dashboard\/outbox$/);
  const notices = page.getByTestId("outbox-message").filter({ hasText: fileName });
  await expect(async () => {
    await page.reload();
    await expect(notices).toHaveCount(4, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(notices.filter({ hasText: `${owner} te pide firmar «${fileName}»` }).filter({ hasText: signer1.email })).toHaveCount(1);
  await expect(notices.filter({ hasText: `${owner} te pide firmar «${fileName}»` }).filter({ hasText: signer2.email })).toHaveCount(1);
  await expect(notices.filter({ hasText: `${owner} te pide firmar «${fileName}»` }).filter({ hasText: "+525512345678" })).toHaveCount(1);
  await expect(notices.filter({ hasText: `Te agregaron como observador de «${fileName}»` }).filter({ hasText: watcher.email })).toHaveCount(1);
  await shot(page, "signing-05-outbox", project);

  // Edit: rename the second signer and give them a box on page 2 by dragging.
  await page.goto(`/dashboard/documents/${documentId}`);
  await hydrated(page);
  await page.getByRole("button", { name: `Reenviar aviso a ${signer2.name}` }).click();
  await expect(page.getByTestId("signatory").nth(1).getByRole("status")).toHaveText(`Aviso reenviado a ${signer2.name}.`);
  await page.getByRole("link", { name: "Editar firmantes" }).click();
  await expect(page.getByRole("heading", { name: "Editar firmantes" })).toBeVisible();
  await hydrated(page);
  const renamed = "José Ángel Peña Ruiz";
  await page.getByRole("group", { name: "Firmante 2" }).getByLabel("Nombre").fill(renamed);
  await page.getByLabel("Página", { exact: true }).selectOption("2");
  const editLayer = page.getByTestId("box-layer-2");
  await expect(editLayer.getByTestId("signature-box")).toHaveCount(1);
  await page.getByRole("radio", { name: renamed }).check();
  const area = await onScreen(editLayer);
  await page.mouse.move(area.x + area.width * 0.1, area.y + area.height * 0.55);
  await page.mouse.down();
  await page.mouse.move(area.x + area.width * 0.3, area.y + area.height * 0.6, { steps: 5 });
  await page.mouse.move(area.x + area.width * 0.45, area.y + area.height * 0.65, { steps: 5 });
  await page.mouse.up();
  await expect(editLayer.getByTestId("signature-box")).toHaveCount(2);
  await shot(page, "signing-06-editor", project);
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/documents/${documentId}$`));
  await expect(page.getByTestId("signatory").nth(1)).toContainText(renamed);
  await expect(page.getByTestId("signatory").nth(1).getByTestId("signer-box-pages")).toHaveText("página(s) 2");
  await expect(page.getByTestId("activity-item").first()).toContainText("Firmantes o ajustes actualizados");
  await expect(page.getByTestId("activity-item").filter({ hasText: `Enlace de firma de ${signer1.name} revelado` })).toHaveCount(1);
  await expect(page.getByTestId("activity-item").filter({ hasText: `Aviso reenviado a ${renamed}` })).toHaveCount(1);
  // The preview draws both boxes on page 2.
  const pageTwo = page.getByRole("figure", { name: "Página 2 de 2" });
  await pageTwo.scrollIntoViewIfNeeded();
  await expect(pageTwo.locator("canvas")).toBeVisible();
  await expect(pageTwo.getByTestId("signature-box")).toHaveCount(2);
  await shot(page, "signing-07-edited", project);

  // The folder lists it with its status and progress.
  await page.getByRole("link", { name: "← Contratos de Peñasco" }).click();
  const row = page.getByTestId("document-row").filter({ hasText: fileName });
  await expect(row).toContainText("En proceso");
  await expect(row).toContainText("0 de 2 firmados");
  await shot(page, "signing-08-folder", project);

  // The API shows the same document.
  await (await dashboardNav(page)).getByRole("link", { name: "Ajustes" }).click();
  await hydrated(page);
  await page.getByLabel("Nombre de la clave").fill("verificación e2e");
  await page.getByRole("button", { name: "Crear clave" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())!.trim();
  const res = await request.get(`/v1/documents/${documentId}`, { headers: { Authorization: `Bearer ${key}` } });
  expect(res.status()).toBe(200);
  const { data } = await res.json();
  expect(data.attributes).toMatchObject({ file_name: fileName, sign_status_name: "IN_PROCESS", sign_position: "CUSTOM", pages: 2, signature_ordered: "INACTIVE", spectators: [watcher] });
  const signers = data.relationships.signatories.data.map((s: { attributes: { name: string; email: string; phone: string | null; positions: string | null } }) => s.attributes);
  expect(signers.map((s: { name: string }) => s.name)).toEqual([signer1.name, renamed]);
  expect(signers.map((s: { email: string }) => s.email)).toEqual([signer1.email, signer2.email]);
  for (const s of signers) {
    const boxes = JSON.parse(s.positions!) as { page: number; x: number; y: number; width: number; height: number }[];
    expect(boxes).toHaveLength(1);
    expect(boxes[0]!.page).toBe(2);
    expect(boxes[0]!.x + boxes[0]!.width).toBeLessThanOrEqual(1);
  }
  // The dragged box spans where the mouse went (10%–45% across), not a default-size click box.
  const dragged = JSON.parse(signers[1].positions!)[0];
  expect(dragged.x).toBeCloseTo(0.1, 1);
  expect(dragged.width).toBeCloseTo(0.35, 1);
});
