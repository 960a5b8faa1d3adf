import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { MEDIA, withCamera } from "./camera";
import { newcomerWithKey, signerPage, twoPagePdf } from "./signer-support";
import { hydrated, shot } from "./support";

// Sandbox person 1's card (with the face that can turn), and a fake camera whose video "turns the head" (make-identity-media.ts).
test.use(withCamera("turning.y4m"));

/** The verification page, as the signer lands on it from the signing link: card by upload, selfie and turn by camera. */
async function verifyIdentity(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Verificación de identidad" })).toBeVisible();
  await page.getByLabel("Acepto el aviso de privacidad y doy mi consentimiento").check();
  await page.getByRole("button", { name: "Comenzar" }).click();
  for (const [heading, file, next] of [["Frente de tu INE", "liveness-ine-front.jpg", "Reverso de tu INE"], ["Reverso de tu INE", "liveness-ine-back.jpg", "Tu selfie"]] as const) {
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await page.getByLabel("Subir una foto").setInputFiles(path.join(MEDIA, file));
    await page.getByRole("button", { name: "Usar esta foto" }).click();
    await expect(page.getByRole("heading", { name: next })).toBeVisible({ timeout: 30_000 });
  }
  // The selfie and the turn are taken by the page itself once the face is ahead, then turned.
  for (const heading of ["Tu selfie", "Prueba de vida"]) {
    await expect(page.getByRole("heading", { name: heading })).toBeVisible({ timeout: 30_000 });
    await page.getByRole("button", { name: "Usar la cámara" }).click();
    await expect(page.getByRole("img", { name: "Vista previa de la foto" })).toBeVisible({ timeout: 60_000 });
    await page.getByRole("button", { name: "Usar esta foto" }).click();
  }
  await expect(page.getByRole("heading", { name: "Estamos verificando tu identidad" })).toBeVisible({ timeout: 30_000 });
}

test("RUBRICA: a signer without e.firma verifies their identity on the phone and signs; the document says who and with which certificate", async ({ page, request, browser }, info) => {
  test.skip(info.project.name !== "phone", "the identity verification is done on a phone");
  test.setTimeout(300_000);
  const project = info.project.name;
  const key = await newcomerWithKey(page, "Sofía Peña Núñez", `rubrica-${Date.now()}@example.com`);
  const auth = { Authorization: `Bearer ${key}` };
  const folders = await (await request.get("/v1/companies", { headers: auth })).json();
  const created = await request.post(`/v1/containers/${folders.data[0].id}/documents`, {
    headers: auth,
    data: {
      file_name: "Contrato Ñandú con identidad.pdf",
      file_base64: (await twoPagePdf("Contrato de arrendamiento — Núñez")).toString("base64"),
      signatures: [{ name: "María Guadalupe Pérez López", email: `maria.${Date.now()}@example.com` }],
      config: { allow_type_signatures: ["RUBRICA"] },
    },
  });
  expect(created.status()).toBe(201);
  const document = (await created.json()).data;
  const signatureId = document.relationships.signatories.data[0].id as string;
  const link = `/signature/sign-document/${signatureId}`;

  const { page: signer, foreign, consoleErrors } = await signerPage(browser, info);
  await signer.context().grantPermissions(["camera"]);
  await signer.goto(link);
  await hydrated(signer);
  const step = signer.getByTestId("identity-step");
  await expect(step).toHaveAttribute("data-state", "NOT_STARTED");
  await expect(signer.getByRole("radio", { name: "Rúbrica con identidad verificada (INE)" })).toBeChecked();
  await expect(signer.getByRole("button", { name: "Firmar documento" })).toHaveCount(0);
  await shot(signer, "rubrica-01-start", project);

  await signer.getByRole("button", { name: "Verificar mi identidad" }).click();
  await signer.waitForURL(/\/identity\/verify\/[\w-]+$/);
  await hydrated(signer);
  await verifyIdentity(signer);

  // Done: the verification page sends the signer back to the same link, now verified.
  await signer.waitForURL((url) => url.pathname === link, { timeout: 120_000 });
  await hydrated(signer);
  await expect(step).toHaveAttribute("data-state", "VERIFIED");
  await expect(step).toContainText("MARIA GUADALUPE PEREZ LOPEZ");
  await expect(step).toContainText("CURP PELG850312MDFRPD00");
  await shot(signer, "rubrica-02-verified", project);

  await signer.getByRole("button", { name: "Firmar documento" }).click();
  await expect(signer.getByTestId("link-outcome").getByRole("heading", { name: "Firmaste este documento" })).toBeVisible({ timeout: 30_000 });
  await shot(signer, "rubrica-03-signed", project);

  const { data } = await (await request.get(`/v1/documents/${document.id}`, { headers: auth })).json();
  expect(data.relationships.signatories.data[0].attributes).toMatchObject({
    sign_status: "SIGNED",
    curp: "PELG850312MDFRPD00",
    certificate_issuer_name: "RUBRICA AC DE IDENTIDAD VERIFICADA",
    certificate_serial_number: expect.stringMatching(/^9\d{19}$/),
  });
  expect(foreign).toEqual([]);
  expect(consoleErrors).toEqual([]);
  await signer.context().close();
});
