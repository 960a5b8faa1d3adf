import { expect, test } from "@playwright/test";
import { twoPagePdf } from "./signer-support";
import { expectAccessible } from "./axe";
import { hydrated, shot, signIn, signUpAndSignIn } from "./support";

const PASSWORD = "contraseña-segura-1";

test("a deep link survives sign-in; a next= that leaves the site does not", async ({ page }, info) => {
  test.skip(info.project.name !== "desktop", "where sign-in leads is the same at every width; the phone's sign-in is in access.spec.ts");
  const project = info.project.name;
  const email = `enlace.${project}.${Date.now()}@example.com`;
  await signUpAndSignIn(page, { name: "Íñigo Enlace", email, password: PASSWORD });
  const folders = await (await page.request.get("/v1/companies")).json();
  const created = await page.request.post(`/v1/containers/${folders.data[0].id}/documents`, {
    multipart: { file: { name: "c.pdf", mimeType: "application/pdf", buffer: await twoPagePdf("Contrato") }, document: JSON.stringify({ file_name: "Contrato enlazado.pdf", signatures: [{ name: "Ana", email: `ana.${project}.${Date.now()}@example.com` }] }) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id as string;

  // Signed out, the e-mail's link leads to sign-in, and sign-in leads back to the document.
  await page.context().clearCookies();
  await page.goto(`/dashboard/documents/${id}`);
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/dashboard/documents/${id}`)}`);
  await signIn(page, email, PASSWORD, new RegExp(`/dashboard/documents/${id}$`));
  await expect(page.getByRole("heading", { name: "Contrato enlazado.pdf", level: 1 })).toBeVisible();

  // Off-site or odd targets end on the dashboard, never on another host.
  for (const next of ["https://evil.example/dashboard", "//evil.example/dashboard", "/\\evil.example", "/dashboard/../api/auth/signout"]) {
    await page.context().clearCookies();
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await signIn(page, email, PASSWORD, /\/dashboard$/);
    expect(new URL(page.url()).host).toBe(new URL(info.project.use.baseURL ?? page.url()).host);
  }
});

test("the upload form reports every problem at once, and its file field speaks Spanish", async ({ page }, info) => {
  const project = info.project.name;
  await signUpAndSignIn(page, { name: "Begoña Subida", email: `subida.${project}.${Date.now()}@example.com`, password: PASSWORD });
  const folders = await (await page.request.get("/v1/companies")).json();
  await page.goto(`/dashboard/folders/${folders.data[0].id}/upload`);
  await hydrated(page);
  await expect(page.getByTestId("upload-file-name")).toHaveText("Ningún archivo elegido");
  await expect(page.getByText("Elegir archivo")).toBeVisible();

  // No file, no name, a bad e-mail and a bad phone: all four said in one go.
  await page.getByLabel("Correo electrónico").first().fill("no-es-correo");
  await page.getByLabel("Teléfono (opcional)").first().fill("12");
  await page.getByRole("button", { name: "Subir y enviar" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Revisa los datos marcados." });
  await expect(summary).toBeVisible();
  await expect(page.getByText("Elige el PDF que se va a firmar.")).toBeVisible();
  await expect(page.getByText("Este dato es obligatorio.")).toBeVisible();
  await expect(page.getByText("Escribe un correo electrónico válido.")).toBeVisible();
  await expect(page.getByText("Escribe 10 dígitos, o un número internacional que empiece con +.")).toBeVisible();
  await shot(page, "upload-all-errors", project);

  // Choosing the file names it in the page's words and clears only the file's complaint.
  await page.getByLabel("Archivo PDF").setInputFiles({ name: "contrato.pdf", mimeType: "application/pdf", buffer: await twoPagePdf("Contrato") });
  await expect(page.getByTestId("upload-file-name")).toHaveText("contrato.pdf");
  await expect(page.getByText("Elige el PDF que se va a firmar.")).toHaveCount(0);
  await expect(page.getByText("Escribe un correo electrónico válido.")).toBeVisible();
});

test("/verify explains pdfsig's 'Certificate issuer is unknown' and the time-stamp's 'Jan 01 1970'", async ({ page }, info) => {
  test.skip(info.project.name !== "desktop", "the explanation is the same at every width; the phone's /verify is in access.spec.ts");
  await page.goto("/verify");
  await hydrated(page);
  await page.getByText("¿Lo revisas con pdfsig u otra herramienta?").click();
  await expect(page.getByText(/«Certificate issuer is unknown»/)).toBeVisible();
  await expect(page.getByText(/«Signing Time: Jan 01 1970»/)).toBeVisible();
  await expectAccessible(page, "/verify with the pdfsig help open");
  await shot(page, "verify-pdfsig-help", info.project.name);
});
