import { expect, test } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { expectAccessible } from "./axe";
import { cli, dashboardNav, E2E_APP_URL, hydrated, shot, signIn } from "./support";

// Issue 30, templates and bulk sending: a template saved by API, used by API and from the
// dashboard's «Usar plantilla» form, then a 1,000-row CSV sent from the dashboard with its
// progress bar, one bad row reported and skipped, the other 999 documents made; the send then in
// the list of past sends under Plantillas, with its own progress page, and for nobody else.

async function contract(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText("Contrato de arrendamiento", { x: 72, y: 700, size: 14, font });
  return pdf.save();
}

async function saveTemplate(key: string, template: object): Promise<string> {
  const form = new FormData();
  form.set("file", new File([(await contract()) as BlobPart], "arrendamiento.pdf", { type: "application/pdf" }));
  form.set("template", JSON.stringify(template));
  const res = await fetch(`${E2E_APP_URL}/v1/templates`, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

test("a template used by API and from the dashboard, and a 1,000-row bulk send with a bad row", async ({ page, browser }, info) => {
  test.skip(info.project.name !== "desktop", "1,000 documents once is enough");
  test.setTimeout(180_000);
  const email = `plantillas.${Date.now()}@example.com`;
  const password = "contraseña-segura-1";
  cli("user:create", "--email", email, "--password", password, "--name", "Inmobiliaria Ñandú");
  const key = cli("api-key:create", "--email", email, "--name", "plantillas");
  const api = (p: string, init: RequestInit = {}) => fetch(`${E2E_APP_URL}${p}`, { ...init, headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...init.headers } });

  const templateId = await saveTemplate(key, {
    name: "Arrendamiento Ñuñoa",
    roles: [
      { key: "arrendador", label: "Arrendador", rfc: "GODE561231GR8", positions: [{ page: 1, x: 0.1, y: 0.75, width: 0.3, height: 0.08 }] },
      { key: "arrendatario", label: "Arrendatario", positions: [{ page: 1, x: 0.55, y: 0.75, width: 0.3, height: 0.08 }] },
    ],
    signature_ordered: "ACTIVE",
  });

  // By API: roles -> people.
  const byApi = await api(`/v1/templates/${templateId}/documents`, { method: "POST", body: JSON.stringify({ roles: { arrendador: { name: "Begoña Núñez", email: "begona@example.com" }, arrendatario: { name: "José Ángel Peña", email: "jose@example.com" } } }) });
  expect(byApi.status).toBe(201);
  const apiDoc = ((await byApi.json()) as { data: { attributes: { sign_position: string; signature_ordered: string }; relationships: { signatories: { data: { attributes: { rfc: string | null; positions: string } }[] } } } }).data;
  expect(apiDoc.attributes).toMatchObject({ sign_position: "CUSTOM", signature_ordered: "ACTIVE" });
  expect(apiDoc.relationships.signatories.data.map((s) => s.attributes.rfc)).toEqual(["GODE561231GR8", null]);

  // From the dashboard: the templates list, «Usar plantilla», a person per role.
  await page.goto("/login");
  await signIn(page, email, password);
  await (await dashboardNav(page)).getByRole("link", { name: "Plantillas" }).click();
  await expect(page.getByRole("heading", { name: "Plantillas" })).toBeVisible();
  await expectAccessible(page, "templates");
  await page.getByRole("link", { name: "Usar plantilla" }).click();
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Arrendamiento Ñuñoa" })).toBeVisible();
  const landlord = page.getByTestId("role-arrendador");
  await expect(landlord.getByLabel("RFC (opcional)")).toHaveValue("GODE561231GR8");
  await expect(landlord.getByLabel("RFC (opcional)")).toBeDisabled();
  await landlord.getByLabel("Nombre").fill("Sofía Ibáñez");
  await landlord.getByLabel("Correo electrónico").fill("sofia@example.com");
  const tenant = page.getByTestId("role-arrendatario");
  await tenant.getByLabel("Nombre").fill("Íñigo Sáenz");
  await tenant.getByLabel("Correo electrónico").fill("sofia@example.com");
  await page.getByRole("button", { name: "Crear y enviar" }).click();
  // One e-mail for two roles: refused on the field, nothing made.
  await expect(tenant.getByRole("alert")).toContainText("Este correo ya está en la lista.");
  await tenant.getByLabel("Correo electrónico").fill("inigo@example.com");
  await page.getByRole("button", { name: "Crear y enviar" }).click();
  await expect(page).toHaveURL(/\/dashboard\/documents\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Íñigo Sáenz").first()).toBeVisible();
  await shot(page, "template-document", info.project.name);

  // «Guardar como plantilla» on that document: its PDF, boxes and order; its signers become roles.
  await page.getByRole("button", { name: "Guardar como plantilla" }).click();
  await page.getByLabel("Nombre de la plantilla").fill("Arrendamiento desde documento");
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/templates\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Arrendamiento desde documento" })).toBeVisible();
  await expect(page.getByTestId("role-firmante_1")).toContainText("Firmante 1");
  await expect(page.getByTestId("role-firmante_2")).toContainText("Firmante 2");

  // Bulk send from the dashboard: 1,000 rows, row 500's e-mail is not one.
  const bulkTemplate = await saveTemplate(key, { name: "Pagaré masivo", roles: [{ key: "deudor", label: "Deudor" }, { key: "aval", label: "Aval" }], notification_mode: "DISABLED" });
  const rows = Array.from({ length: 1000 }, (_, i) => `Deudor ${i + 1},deudor${i + 1}@example.com,,Aval ${i + 1},aval${i + 1}@example.com,,Pagaré ${i + 1}.pdf`);
  rows[499] = "Deudor 500,no-es-un-correo,,Aval 500,aval500@example.com,,";
  const csv = ["deudor.nombre,deudor.email,deudor.telefono,aval.nombre,aval.email,aval.telefono,archivo", ...rows].join("\n");
  await page.goto(`/dashboard/templates/${bulkTemplate}`);
  await hydrated(page);
  await expect(page.getByTestId("bulk-header")).toHaveText("deudor.nombre,deudor.email,deudor.telefono,aval.nombre,aval.email,aval.telefono,archivo");
  await page.getByLabel("Archivo CSV").setInputFiles({ name: "pagares.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  const bar = page.getByRole("progressbar", { name: "Avance del envío masivo" });
  await expect(bar).toBeVisible();
  await expect(page.getByTestId("bulk-refused")).toContainText("Fila 500: deudor.email: Escribe un correo electrónico válido.");
  await expect(page.getByTestId("bulk-counts")).toHaveAttribute("data-status", "DONE", { timeout: 120_000 });
  await expect(bar).toHaveAttribute("aria-valuenow", "100");
  await expect(page.getByTestId("bulk-counts")).toHaveText("Listo: 999 de 1000 documentos creados; 1 fila(s) con error.");
  await shot(page, "bulk-send-done", info.project.name);
  await expectAccessible(page, "template-use-after-bulk-send");

  // Later, from the list of past sends under Plantillas: the send's numbers, and its progress page.
  await (await dashboardNav(page)).getByRole("link", { name: "Plantillas" }).click();
  const sent = page.getByTestId("bulk-send-row");
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText("Pagaré masivo");
  await expect(sent.locator("td")).toHaveText([/Pagaré masivo/, /\d/, "1000", "999", "1", "Terminado"]);
  await shot(page, "bulk-sends-list", info.project.name);
  await expectAccessible(page, "templates-with-bulk-sends");
  await sent.getByRole("link", { name: "Pagaré masivo" }).click();
  await expect(page).toHaveURL(/\/dashboard\/templates\/bulk-sends\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Envío masivo: Pagaré masivo" })).toBeVisible();
  await expect(page.getByTestId("bulk-counts")).toHaveText("Listo: 999 de 1000 documentos creados; 1 fila(s) con error.");
  await expect(page.getByTestId("bulk-refused")).toContainText("Fila 500: deudor.email: Escribe un correo electrónico válido.");
  await expectAccessible(page, "bulk-send-progress");
  const progressUrl = page.url();

  // Another account lists none of it and reaches none of it: the same 404 as an unknown send.
  const otherEmail = `otra.${Date.now()}@example.com`;
  cli("user:create", "--email", otherEmail, "--password", password, "--name", "Otra Cuenta");
  const other = await (await browser.newContext({ baseURL: E2E_APP_URL })).newPage();
  await other.goto("/login");
  await signIn(other, otherEmail, password);
  await other.goto("/dashboard/templates");
  await expect(other.getByText("Aún no has hecho envíos masivos.")).toBeVisible();
  await expect(other.getByTestId("bulk-send-row")).toHaveCount(0);
  expect((await other.goto(progressUrl))!.status()).toBe(404);
  expect((await other.goto(`/dashboard/templates/bulk-sends/${crypto.randomUUID()}`))!.status()).toBe(404);
  await other.context().close();

  // The same by API: each made row names its document, the bad row its error and no document.
  const companies = (await (await api("/v1/companies")).json()) as { data: { id: string }[] };
  const folder = companies.data[0]!.id;
  const listing = (await (await api(`/v1/containers/${folder}/documents?size=1&search=Pagar`)).json()) as { meta: { page: { totalItems: number } }[] };
  expect(listing.meta[0]!.page.totalItems).toBe(999);
});
