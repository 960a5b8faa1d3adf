import { expect, test } from "@playwright/test";
import { hydrated, mailLink, shot, signIn, signUpAndSignIn } from "./support";

test("a person who forgot their password gets a link from /login, chooses another once, and every other session ends", async ({ browser, baseURL }, info) => {
  // Its pages open in contexts of its own (browser.newContext), which take no device from the
  // project: the phone project ran the same desktop journey a second time.
  test.skip(info.project.name !== "desktop", "own contexts: the same journey in either project");
  const project = info.project.name;
  const email = `olvidadiza.${project}.${Date.now()}@example.com`;
  const laptop = await (await browser.newContext({ baseURL })).newPage();
  await signUpAndSignIn(laptop, { name: "Rocío Íñiguez", email, password: "Nopal-Tijuana-2026" });

  // On another device, from the sign-in page.
  const phone = await (await browser.newContext({ baseURL })).newPage();
  await phone.goto("/login");
  await hydrated(phone);
  await phone.getByRole("link", { name: "¿Olvidaste tu contraseña?" }).click();
  await expect(phone).toHaveURL(/\/forgot-password$/);
  await hydrated(phone);
  await phone.getByLabel("Correo electrónico").fill(email);
  await phone.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(phone.getByRole("status")).toContainText(`Si hay una cuenta con ${email}, le enviamos un enlace`);
  await shot(phone, "recovery-01-sent", project);

  // An unknown address gets the same words.
  await phone.goto("/forgot-password");
  await hydrated(phone);
  await phone.getByLabel("Correo electrónico").fill(`nadie.${project}.${Date.now()}@example.com`);
  await phone.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(phone.getByRole("status")).toContainText("le enviamos un enlace para elegir una contraseña nueva");

  const link = mailLink(email, "password-reset", "/reset-password");
  await phone.goto(link);
  await hydrated(phone);
  await phone.getByLabel("Contraseña nueva").fill(email);
  await phone.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(phone.getByText("La contraseña no puede ser tu correo ni tu nombre")).toBeVisible();
  await phone.getByLabel("Contraseña nueva").fill("Agave-Azul-Tequila-7");
  await phone.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(phone).toHaveURL(/\/login\?reset=1$/);
  await expect(phone.getByRole("status")).toContainText("Tu contraseña cambió y se cerraron tus demás sesiones");
  await shot(phone, "recovery-02-done", project);
  await signIn(phone, email, "Agave-Azul-Tequila-7");

  // The laptop's session ended with the reset.
  await laptop.goto("/dashboard");
  await expect(laptop).toHaveURL(/\/login$/);
  // The old password no longer opens the account; the link works once.
  await signIn(laptop, email, "Nopal-Tijuana-2026", /\/login$/);
  await expect(laptop.getByRole("alert").filter({ hasText: "El correo o la contraseña no coinciden." })).toBeVisible();
  await laptop.goto(link);
  await expect(laptop.getByRole("alert").filter({ hasText: "Este enlace ya no sirve" })).toBeVisible();
});
