import { expect, test } from "@playwright/test";
import { dashboardNav, hydrated, shot, signUpAndSignIn } from "./support";
import { PDFDocument, StandardFonts } from "pdf-lib";

async function onePagePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([612, 792]).drawText("Acta de asamblea — Núñez y Asociados", { x: 60, y: 700, size: 16, font });
  return Buffer.from(await pdf.save());
}

// A 1×1 PNG: enough to see the logo travel as Base64 and come back as an image.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==", "base64");

test("folder settings: field errors in Spanish, rename with a logo, invite, search, cancel a document, delete only an empty folder", async ({ page }, info) => {
  // Once, on the desktop: the journey (requests, rules, who sees what) is the same at every width,
  // and e2e/access.spec.ts checks and photographs these pages on the phone.
  test.skip(info.project.name !== "desktop", "dashboard administration: the phone layout is in access.spec.ts");
  const project = info.project.name;
  const stamp = `${project}.${Date.now()}`;
  await signUpAndSignIn(page, { name: "Begoña Núñez", email: `notaria.${stamp}@example.com` });

  // A 422 from the API is shown next to its field, in Spanish.
  await page.goto("/dashboard/folders");
  await hydrated(page);
  const form = page.getByRole("form", { name: "Nueva carpeta" });
  await form.getByLabel("Nombre", { exact: true }).fill("Notaría Núñez");
  await form.getByLabel("RFC (opcional)").fill("XYZ");
  await form.getByRole("button", { name: "Crear carpeta" }).click();
  await expect(form.getByText("No es un RFC válido")).toBeVisible();
  await form.getByLabel("RFC (opcional)").fill("");
  await form.getByLabel("Zona horaria").selectOption("America/Tijuana");
  await form.getByRole("button", { name: "Crear carpeta" }).click();
  await page.getByRole("status").getByRole("link", { name: "Abrir" }).click();
  await expect(page).toHaveURL(/\/dashboard\/folders\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Notaría Núñez", level: 1 })).toBeVisible();
  await expect(page.getByText("Zona horaria: Noroeste (Tijuana)")).toBeVisible();
  const folderId = page.url().split("/").pop()!;

  // A document in it, through the API with the session (as the upload page does).
  const created = await page.request.post(`/v1/containers/${folderId}/documents`, {
    multipart: {
      file: { name: "acta.pdf", mimeType: "application/pdf", buffer: await onePagePdf() },
      document: JSON.stringify({ file_name: "Acta Ñuñoa.pdf", signatures: [{ name: "Íñigo Peña", email: `inigo.${stamp}@example.com` }] }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const documentId = (await created.json()).data.id as string;

  // Search by name (a plain GET form).
  await page.reload();
  await hydrated(page);
  await page.getByLabel("Buscar por nombre").fill("ñuñoa");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/search=%C3%B1u%C3%B1oa|search=ñuñoa/);
  await expect(page.getByTestId("document-row")).toHaveCount(1);
  await page.getByLabel("Buscar por nombre").fill("contrato");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByText("Ningún documento se llama como «contrato».")).toBeVisible();

  // Settings: rename, logo, invite someone without an account.
  await page.getByRole("link", { name: "Ajustes de la carpeta" }).click();
  await expect(page.getByRole("heading", { name: "Ajustes de «Notaría Núñez»" })).toBeVisible();
  await hydrated(page);
  await page.getByLabel("Nombre", { exact: true }).fill("Notaría Núñez y Asociados");
  await page.getByLabel("Logotipo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByRole("img", { name: "Logotipo de Notaría Núñez y Asociados" })).toBeVisible();
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("status")).toHaveText("Cambios guardados.");
  await page.reload();
  await expect(page.getByRole("img", { name: "Logotipo de Notaría Núñez y Asociados" })).toBeVisible();
  await hydrated(page);
  // The answer says nothing about whether the address has an account; nobody joins before accepting.
  await page.getByLabel("Correo de la persona").fill(`nadie.${stamp}@example.com`);
  await page.getByRole("button", { name: "Invitar" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitación enviada a nadie.${stamp}@example.com. Entrará cuando la acepte.` })).toBeVisible();
  await expect(page.getByTestId("pending-invitation")).toContainText(`nadie.${stamp}@example.com`);
  await expect(page.getByTestId("pending-invitation")).toContainText("Pendiente");
  await expect(page.getByTestId("member")).toHaveCount(1);

  // Deleting a folder that holds a document: the 409 is explained.
  page.on("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: "Eliminar carpeta" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "La carpeta tiene 1 documento(s)" })).toBeVisible();
  await shot(page, "folder-01-settings", project);

  // A document uploaded without boxes gets one in the editor: it switches to CUSTOM positions.
  await page.goto(`/dashboard/documents/${documentId}`);
  await hydrated(page);
  await expect(page.getByText("Predeterminada")).toBeVisible();
  await page.getByRole("link", { name: "Editar firmantes" }).click();
  await hydrated(page);
  const layer = page.getByTestId("box-layer-1");
  await layer.evaluate((el) => el.scrollIntoView({ block: "center" }));
  const area = (await layer.boundingBox())!;
  await page.mouse.click(area.x + area.width * 0.3, area.y + area.height * 0.5);
  await expect(layer.getByTestId("signature-box")).toHaveCount(1);
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/documents/${documentId}$`));
  await expect(page.getByText("Cajas colocadas en el documento")).toBeVisible();
  await expect(page.getByTestId("signer-box-pages")).toHaveText("página(s) 1");

  // Cancelling the document (with a confirmation) closes it.
  await page.getByRole("button", { name: "Cancelar documento" }).click();
  await expect(page.getByTestId("document-status")).toHaveText("Cancelado");
  await expect(page.getByRole("link", { name: "Editar firmantes" })).toHaveCount(0);
  await expect(page.getByTestId("activity-item").first()).toContainText("Documento cancelado");
  await shot(page, "folder-02-cancelled", project);

  // An empty folder goes; «mis documentos» offers no delete at all.
  await page.goto("/dashboard/folders");
  await hydrated(page);
  await form.getByLabel("Nombre", { exact: true }).fill("Borrador vacío");
  await form.getByRole("button", { name: "Crear carpeta" }).click();
  await page.getByRole("status").getByRole("link", { name: "Abrir" }).click();
  await expect(page.getByRole("heading", { name: "Borrador vacío", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Ajustes de la carpeta" }).click();
  await hydrated(page);
  await page.getByRole("button", { name: "Eliminar carpeta" }).click();
  await expect(page).toHaveURL(/\/dashboard\/folders$/);
  await expect(page.getByTestId("folder").filter({ hasText: "Borrador vacío" })).toHaveCount(0);
  await page.getByRole("link", { name: "mis documentos" }).click();
  await page.getByRole("link", { name: "Ajustes de la carpeta" }).click();
  await expect(page.getByRole("heading", { name: "Ajustes de «mis documentos»" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Eliminar carpeta" })).toHaveCount(0);

  // The documents page lists recent documents across folders.
  await (await dashboardNav(page)).getByRole("link", { name: "Documentos" }).click();
  await expect(page.getByTestId("document-row").filter({ hasText: "Acta Ñuñoa.pdf" })).toContainText("Notaría Núñez y Asociados");
  await shot(page, "folder-03-documents", project);
});
