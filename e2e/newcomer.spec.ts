import { expect, test } from "@playwright/test";
import { confirmEmail, dashboardNav, hydrated, shot, signIn } from "./support";

test("a newcomer signs up, finds «mis documentos», creates and uses an API key, reads the outbox, switches language and signs out", async ({ page, request }, info) => {
  const project = info.project.name;
  const email = `nandu.${project}.${Date.now()}@example.com`;
  const name = "Ñandú Pérez Íñiguez";

  await page.goto("/");
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await shot(page, "01-landing", project);
  await page.getByRole("link", { name: "Crear cuenta" }).click();

  await expect(page).toHaveURL(/\/signup$/);
  await hydrated(page);
  await page.getByLabel("Nombre completo").fill(name);
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill("corta");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByText("La contraseña debe tener al menos 8 caracteres.")).toBeVisible();
  await page.getByLabel("Contraseña").fill("contraseña-segura-1");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  // The same answer whether or not the address had an account: the e-mail tells which.
  await expect(page.getByTestId("check-email")).toContainText(`Enviamos un correo a ${email}`);
  await shot(page, "01b-check-email", project);

  // Signed in before confirming: «mis documentos» works, and a banner asks for the confirmation.
  await page.goto("/login");
  await signIn(page, email, "contraseña-segura-1");
  await expect(page.getByTestId("confirm-email-banner")).toContainText(`Confirma tu correo ${email}`);
  await confirmEmail(page, email);
  await page.goto("/dashboard");
  await expect(page.getByTestId("confirm-email-banner")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: `Hola, ${name}` })).toBeVisible();
  await expect(page.getByTestId("folder").filter({ hasText: "mis documentos" })).toBeVisible();
  await expect(page.getByTestId("folder")).toContainText("Propietario");
  // The first dashboard leads to uploading a document; nothing on it scrolls sideways.
  const firstRun = page.getByTestId("first-run");
  await expect(firstRun.getByRole("heading", { name: "Sube tu primer documento" })).toBeVisible();
  await expect(firstRun.getByRole("link", { name: "Subir un PDF" })).toHaveAttribute("href", /^\/dashboard\/folders\/[\w-]+\/upload$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shot(page, "02-dashboard", project);

  const nav = await dashboardNav(page);
  await shot(page, "02b-menu-open", project);
  await nav.getByRole("link", { name: "Ajustes" }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await hydrated(page);
  await page.getByLabel("Nombre de la clave").fill("integración ERP");
  await page.getByRole("button", { name: "Crear clave" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())!.trim();
  expect(key).toMatch(/^rk_[\w-]{32}$/);
  await expect(page.getByTestId("api-key-row").filter({ hasText: "integración ERP" })).toContainText(key.slice(0, 10));
  await shot(page, "03-api-key", project);

  for (const headers of [{ Authorization: `Bearer ${key}` }, { "X-Api-Key": key }] as Record<string, string>[]) {
    const res = await request.get("/v1/me", { headers });
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ email, name, role: "user", locale: "es" });
  }
  expect((await request.get("/v1/me", { headers: { "X-Api-Key": `${key.slice(0, -1)}${key.endsWith("x") ? "y" : "x"}` } })).status()).toBe(401);

  await (await dashboardNav(page)).getByRole("link", { name: "Bandeja de salida" }).click();
  const welcome = page.getByTestId("outbox-message").filter({ hasText: "Te damos la bienvenida a Rúbrica" });
  await expect(welcome).toContainText(email);
  await welcome.click();
  await expect(page.getByRole("heading", { name: "Te damos la bienvenida a Rúbrica" })).toBeVisible();
  await expect(page.frameLocator("iframe").getByText(`Hola, ${name}:`)).toBeVisible();
  await shot(page, "04-outbox", project);

  await page.getByRole("button", { name: "English" }).first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect((await dashboardNav(page, "Dashboard navigation")).getByRole("link", { name: "Settings" })).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: `Hello, ${name}` })).toBeVisible();
  await shot(page, "05-english", project);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
  // The language chosen on the account comes back at the next sign-in.
  await hydrated(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("contraseña-segura-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: `Hello, ${name}` })).toBeVisible();
});

test("the API reference and the OpenAPI document are served", async ({ page, request }, info) => {
  test.skip(info.project.name !== "desktop", "what is served is the same at every width; the phone's view of /docs is in docs.spec.ts");
  const spec = await request.get("/openapi.json");
  expect(spec.status()).toBe(200);
  expect((await spec.json()).openapi).toBe("3.1.0");
  await page.goto("/docs");
  await expect(page.getByText("Rúbrica API").first()).toBeVisible({ timeout: 20_000 });
});

test("an unknown address answers 404 in Spanish with a way back; every page has an icon", async ({ page }, info) => {
  const res = await page.goto("/no-existe/esta-pagina");
  expect(res!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "No encontramos esta página" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ir al inicio" })).toHaveAttribute("href", "/");
  await expect(page.getByText("This page could not be found")).toHaveCount(0);
  await shot(page, "not-found", info.project.name);
  const icon = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect(icon).toBeTruthy();
  expect((await page.request.get(icon!)).status()).toBe(200);
});

