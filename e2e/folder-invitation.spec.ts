import { expect, test, type Browser } from "@playwright/test";
import { confirmEmail, hydrated, mailLink, shot, signIn, signUpAndSignIn } from "./support";

const newPage = async (browser: Browser, baseURL: string | undefined) => (await browser.newContext({ baseURL })).newPage();

test("a folder invitation is accepted from the link in its e-mail, only by the invited address once confirmed; a copied session cookie dies with sign-out", async ({ browser, baseURL }, info) => {
  // Its pages open in contexts of its own (browser.newContext), which take no device from the
  // project: the phone project ran the same desktop journey a second time.
  test.skip(info.project.name !== "desktop", "own contexts: the same journey in either project");
  const project = info.project.name;
  const stamp = `${project}.${Date.now()}`;
  const inviteeEmail = `invitada.${stamp}@example.com`;

  const owner = await newPage(browser, baseURL);
  await signUpAndSignIn(owner, { name: "Sofía Peña", email: `duena.${stamp}@example.com` });
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

  // The invitee opens the link of the invitation's e-mail before having an account.
  const invitationPath = mailLink(inviteeEmail, "folder-invitation", "/invitations");
  const invitee = await newPage(browser, baseURL);
  await invitee.goto(invitationPath);
  await expect(invitee.getByTestId("invitation")).toContainText("Sofía Peña te invita a «Notaría Ñuñoa»");
  await expect(invitee.getByTestId("invitation")).toContainText(`La invitación es para ${inviteeEmail}.`);
  await shot(invitee, "invitation-01-link", project);

  // They sign up with that address and sign in before confirming it: the invitation waits.
  await signUpAndSignIn(invitee, { name: "Begoña Núñez", email: inviteeEmail }, { confirm: false });
  await expect(invitee.getByTestId("folder-invitation")).toHaveCount(0);
  await invitee.goto(invitationPath);
  await expect(invitee.getByRole("alert").filter({ hasText: "Confirma primero tu correo" })).toBeVisible();
  await expect(invitee.getByRole("button", { name: "Aceptar" })).toHaveCount(0);

  // Another account holding the link cannot use it.
  const other = await newPage(browser, baseURL);
  await signUpAndSignIn(other, { name: "Otra Persona", email: `otra.${stamp}@example.com` });
  await other.goto(invitationPath);
  await expect(other.getByRole("alert").filter({ hasText: "esta invitación es para otra dirección" })).toBeVisible();
  await expect(other.getByRole("button", { name: "Aceptar" })).toHaveCount(0);

  // Confirmed, the invitee (signed out meanwhile) opens the link, signs in from it, is brought
  // back to it, accepts, and lands in the folder.
  await confirmEmail(invitee, inviteeEmail);
  await invitee.goto("/dashboard");
  await invitee.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(invitee).toHaveURL(/\/login$/);
  await invitee.goto(invitationPath);
  await invitee.getByRole("link", { name: "Inicia sesión con esa dirección para responder" }).click();
  await expect(invitee).toHaveURL(/\/login\?next=/);
  await signIn(invitee, inviteeEmail, "contraseña-segura-1", new RegExp(`${invitationPath}$`));
  await hydrated(invitee);
  await shot(invitee, "invitation-02-answer", project);
  await invitee.getByRole("button", { name: "Aceptar" }).click();
  await expect(invitee).toHaveURL(new RegExp(`/dashboard/folders/${folderId}$`));
  await invitee.goto("/dashboard/folders");
  await expect(invitee.getByRole("link", { name: /Notaría Ñuñoa/ }).first()).toBeVisible();
  // The link works once.
  await invitee.goto(invitationPath);
  await expect(invitee.getByRole("alert").filter({ hasText: "Esta invitación ya no existe" })).toBeVisible();

  await owner.reload();
  await expect(owner.getByTestId("member")).toHaveCount(2);
  await expect(owner.getByTestId("pending-invitation")).toHaveCount(0);

  // A copy of the invitee's session cookie, taken while signed in, stops working at sign-out.
  await invitee.goto("/dashboard");
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
