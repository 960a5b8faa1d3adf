import { expect, test, type Browser, type Page } from "@playwright/test";
import { hydrated, shot } from "./support";

async function signUp(page: Page, name: string, email: string) {
  await page.goto("/signup");
  await hydrated(page);
  await page.getByLabel("Nombre completo").fill(name);
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill("Nopal-Tijuana-2026");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const newPage = async (browser: Browser, baseURL: string | undefined) => (await browser.newContext({ baseURL })).newPage();

test("a folder invitation waits for the invitee, who accepts it from the dashboard; a copied session cookie dies with sign-out", async ({ browser, baseURL }, info) => {
  const project = info.project.name;
  const stamp = `${project}.${Date.now()}`;
  const inviteeEmail = `invitada.${stamp}@example.com`;

  const owner = await newPage(browser, baseURL);
  await signUp(owner, "Sofía Peña", `duena.${stamp}@example.com`);
  const folder = await owner.request.post("/v1/companies", { data: { name: "Notaría Ñuñoa" } });
  expect(folder.status(), await folder.text()).toBe(201);
  const created = (await folder.json()).data;
  const folderId = (Array.isArray(created) ? created[0] : created).id as string;
  await owner.goto(`/dashboard/folders/${folderId}/settings`);
  await hydrated(owner);
  await owner.getByLabel("Correo de la persona").fill(inviteeEmail);
  await owner.getByRole("button", { name: "Invitar" }).click();
  await expect(owner.getByTestId("pending-invitation")).toContainText(inviteeEmail);
  await expect(owner.getByTestId("member")).toHaveCount(1);

  // The invitee signs up with that address afterwards and finds the invitation waiting.
  const invitee = await newPage(browser, baseURL);
  await signUp(invitee, "Begoña Núñez", inviteeEmail);
  await expect(invitee.getByTestId("folder-invitation")).toContainText("Sofía Peña te invita a «Notaría Ñuñoa»");
  await shot(invitee, "invitation-01-waiting", project);
  await invitee.getByRole("button", { name: "Aceptar" }).click();
  await expect(invitee.getByRole("status").filter({ hasText: "Ahora eres miembro de «Notaría Ñuñoa»." })).toBeVisible();
  await invitee.goto("/dashboard/folders");
  await expect(invitee.getByRole("link", { name: /Notaría Ñuñoa/ }).first()).toBeVisible();

  await owner.reload();
  await expect(owner.getByTestId("member")).toHaveCount(2);
  await expect(owner.getByTestId("pending-invitation")).toHaveCount(0);

  // A copy of the invitee's session cookie, taken while signed in, stops working at sign-out.
  const copied = await invitee.context().cookies();
  expect((await invitee.request.get("/v1/companies")).status()).toBe(200);
  await invitee.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(invitee).toHaveURL(/\/login$/);
  const thief = await browser.newContext({ baseURL });
  await thief.addCookies(copied);
  expect((await thief.request.get("/v1/companies")).status()).toBe(401);
  const page = await thief.newPage();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});
