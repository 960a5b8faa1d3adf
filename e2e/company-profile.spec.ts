import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { expectAccessible } from "./axe";
import { newcomerWithKey, twoPagePdf } from "./signer-support";
import { hydrated, shot } from "./support";

const LEGAL_NAME = "Inmobiliaria del Centro, S.A. de C.V.";
const BRAND = "#1d4ed8";
const BRAND_RGB = "rgb(29, 78, 216)";

// A logo as a company would upload it: a JPEG wider than the page needs.
const logo = () =>
  sharp({ create: { width: 1200, height: 400, channels: 3, background: "#f59e0b" } })
    .composite([{ input: Buffer.from('<svg width="1200" height="400"><rect x="100" y="100" width="1000" height="200" fill="#1e3a8a"/></svg>') }])
    .jpeg()
    .toBuffer();

test("company profile: set in settings, seen by a signer on the signing page and by a person on the verification page", async ({ page, browser, request }, info) => {
  test.setTimeout(120_000);
  const project = info.project.name;
  const stamp = `${project}.${Date.now()}`;
  const key = await newcomerWithKey(page, "Ana Titular Pérez", `titular.${stamp}@example.com`);

  // Settings: a non-image is refused in Spanish, then the real profile is saved.
  await page.goto("/dashboard/settings");
  await hydrated(page);
  const card = page.locator("form").filter({ has: page.getByLabel("Razón social") });
  await page.getByLabel("Razón social").fill(LEGAL_NAME);
  await page.getByLabel("Color de la marca", { exact: true }).fill(BRAND);
  await page.getByLabel("Logotipo", { exact: true }).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from("no soy una imagen") });
  await expect(page.getByTestId("company-logo-name")).toHaveText("logo.png");
  await card.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("El logotipo debe ser una imagen PNG o JPEG.")).toBeVisible();
  await page.getByLabel("Logotipo", { exact: true }).setInputFiles({ name: "logo.jpg", mimeType: "image/jpeg", buffer: await logo() });
  await card.getByRole("button", { name: "Guardar" }).click();
  await expect(card.getByRole("status")).toHaveText("Cambios guardados.");
  await page.reload();
  await hydrated(page);
  const preview = page.getByTestId("company-preview");
  await expect(preview).toContainText(LEGAL_NAME);
  await expect(preview).toHaveCSS("background-color", BRAND_RGB);
  await expect(preview).toHaveCSS("color", "rgb(255, 255, 255)");
  await expect(preview.locator("img")).toHaveAttribute("src", /^data:image\/png;base64,/);
  await preview.scrollIntoViewIfNeeded();
  await shot(page, "company-01-settings", project);

  // A document sent by API: its signer sees the company, not the account holder.
  const auth = { Authorization: `Bearer ${key}` };
  const folders = await (await request.get("/v1/companies", { headers: auth })).json();
  const created = await request.post(`/v1/containers/${folders.data[0].id}/documents`, {
    headers: auth,
    data: { file_name: `Contrato ${project}.pdf`, file_base64: (await twoPagePdf("Contrato de arrendamiento")).toString("base64"), signatures: [{ name: "Carla Firma", email: `carla.${stamp}@example.com` }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const signatureId = (await created.json()).data.relationships.signatories.data[0].id as string;
  const signer = await browser.newContext({ ...info.project.use });
  const signing = await signer.newPage();
  await signing.goto(`/signature/sign-document/${signatureId}`);
  await hydrated(signing);
  const band = signing.getByTestId("company-band");
  await expect(band).toContainText(LEGAL_NAME);
  await expect(band).toHaveCSS("background-color", BRAND_RGB);
  await expect(band.locator("img")).toBeVisible();
  await expect(signing.getByText(`${LEGAL_NAME} te pide firmar`)).toBeVisible();
  await expect(signing.getByText("Ana Titular Pérez")).toHaveCount(0);
  await expectAccessible(signing, "signing page with a company profile");
  await shot(signing, "company-02-signing", project);

  // An identity session without branding of its own: the page takes the company's.
  const session = await request.post("/identity/v3/identity/sessions", { headers: { ...auth, Accept: "application/json" }, data: { validations: ["INE"], only_mobile_devices: false, redirect_url: "http://127.0.0.1/" } });
  expect(session.status(), await session.text()).toBe(201);
  const verifying = await signer.newPage();
  await verifying.goto((await session.json()).verification_url);
  await hydrated(verifying);
  await expect(verifying.getByText(`${LEGAL_NAME} te pide verificar tu identidad`)).toBeVisible();
  await expect(verifying.getByRole("img", { name: "Logotipo" })).toHaveAttribute("src", /^data:image\/png;base64,/);
  await expectAccessible(verifying, "verification page with a company profile");
  await shot(verifying, "company-03-verification", project);

  // Asked for a phone only, a computer gets the QR code: still under the company's logo and name.
  const mobileOnly = await request.post("/identity/v3/identity/sessions", { headers: { ...auth, Accept: "application/json" }, data: { validations: ["INE"], only_mobile_devices: true, redirect_url: "http://127.0.0.1/" } });
  expect(mobileOnly.status(), await mobileOnly.text()).toBe(201);
  const desk = await browser.newContext();
  const qr = await desk.newPage();
  await qr.goto((await mobileOnly.json()).verification_url);
  await expect(qr.getByText(`${LEGAL_NAME} te pide verificar tu identidad`)).toBeVisible();
  await expect(qr.getByRole("img", { name: "Logotipo" })).toHaveAttribute("src", /^data:image\/png;base64,/);
  await shot(qr, "company-04-verification-qr", project);
  await desk.close();
  await signer.close();
});
