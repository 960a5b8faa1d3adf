import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { E2E_APP_URL, dashboardNav, hydrated, shot } from "./support";

type Seeded = {
  admin: { email: string; password: string };
  owner: { email: string; id: string; password: string };
  sessions: { open: string; passed: string; failed: string; foreign: string };
};

/** Sessions with evidence, written into the Playwright server's database (see seed-identity-review.ts). */
function seed(tag: string): Seeded {
  const out = execFileSync(path.resolve("node_modules/.bin/tsx"), ["e2e/seed-identity-review.ts", tag], {
    env: { ...process.env, DATA_DIR: ".data-e2e", APP_URL: E2E_APP_URL, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return JSON.parse(out.toString().trim().split("\n").at(-1)!) as Seeded;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Every <img> on the page has loaded and decoded to a real picture. */
async function imagesLoaded(page: Page, expected: number) {
  const images = page.getByTestId("session-image").locator("img");
  await expect(images).toHaveCount(expected);
  // They load lazily: bring each into view, as a reviewer scrolling down would.
  for (const image of await images.all()) await image.scrollIntoViewIfNeeded();
  await expect.poll(() => images.evaluateAll((all) => all.filter((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 100).length)).toBe(expected);
}

test("an admin reviews identity sessions: filters the list, reads a session's evidence, redelivers its webhook, comments, and sets a user's quota; the owner sees only their own", async ({ page, request }, info) => {
  // Once, on the desktop: the journey (requests, rules, who sees what) is the same at every width,
  // and e2e/access.spec.ts checks and photographs these pages on the phone.
  test.skip(info.project.name !== "desktop", "dashboard administration: the phone layout is in access.spec.ts");
  test.setTimeout(120_000); // a long journey: on a loaded 2-core machine the phone run passed 60 s
  const project = info.project.name;
  const seeded = seed(`${project}.${Date.now()}`);

  // The images are not served without the dashboard's cookie.
  expect((await request.get(`/dashboard/identity/${seeded.sessions.failed}/files/ine_front`, { headers: { cookie: "" } })).status()).toBe(401);

  await signIn(page, seeded.admin.email, seeded.admin.password);
  await (await dashboardNav(page)).getByRole("link", { name: "Identidad" }).click();
  await expect(page.getByRole("heading", { name: "Verificación de identidad", level: 1 })).toBeVisible();
  await expect(page.getByText("Como administrador ves las sesiones de todos los usuarios.")).toBeVisible();
  const row = (id: string) => page.getByTestId("session-row").filter({ has: page.locator(`a[href="/dashboard/identity/${id}"]`) });
  await expect(row(seeded.sessions.passed)).toContainText("JOSÉ ÁNGEL NÚÑEZ GARCÍA");
  await expect(row(seeded.sessions.failed)).toContainText("Terminada");
  await expect(row(seeded.sessions.open)).toContainText("Abierta");
  await expect(row(seeded.sessions.open)).toContainText(`Usuario: ${seeded.owner.email}`);

  // Search by name without accents: only Núñez's sessions stay.
  await hydrated(page);
  await page.getByLabel("Buscar por CURP, nombre o id").fill("nunez garcia");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/q=nunez\+garcia/);
  await expect(row(seeded.sessions.passed)).toBeVisible();
  await expect(row(seeded.sessions.failed)).toHaveCount(0);
  await expect(page.getByTestId("session-row").filter({ hasNotText: "NÚÑEZ" })).toHaveCount(0);

  // By CURP, in lower case, and by status.
  await page.goto("/dashboard/identity?q=rasl751108hplm");
  await expect(row(seeded.sessions.failed)).toContainText("RASL751108HPLMTS08");
  await expect(row(seeded.sessions.passed)).toHaveCount(0);
  await page.goto("/dashboard/identity");
  await hydrated(page);
  await page.getByLabel("Estado").selectOption({ label: "Abierta" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/status=OPEN/);
  await expect(row(seeded.sessions.open)).toBeVisible();
  await expect(page.getByTestId("session-row").getByTestId("session-status").filter({ hasNotText: "Abierta" })).toHaveCount(0);
  await page.goto("/dashboard/identity");
  await shot(page, "identity-review-01-list", project);

  // The session that did not pass: every piece of evidence, with the reasons in words.
  await row(seeded.sessions.failed).getByRole("link").click();
  await expect(page.getByRole("heading", { name: "LUIS ALBERTO RAMÍREZ SOTO", level: 1 })).toBeVisible();
  await expect(page.getByTestId("session-status")).toHaveText("Terminada");
  await expect(page.getByTestId("session-result")).toContainText("67 %");
  const ine = page.getByTestId("validation-outcome").filter({ hasText: "INE" });
  await expect(ine).toContainText("No aprobada");
  await expect(ine.getByTestId("outcome-reason")).toHaveText([
    "La credencial está reportada (robo o extravío) en la Lista Nominal. (lista_nominal_reportada)",
    "El rostro de la credencial no es el de la selfie. (rostro_no_coincide)",
  ]);
  await expect(page.getByTestId("validation-outcome").filter({ hasText: "CURP" })).toContainText("Aprobada");
  await expect(page.getByTestId("verification-nombre_match")).toContainText("Sí");
  await imagesLoaded(page, 3);
  await expect(page.getByRole("img", { name: "INE, frente enviada en la sesión" })).toBeVisible();
  await expect(page.getByTestId("face-similarity")).toHaveText("0.31");
  await expect(page.getByTestId("face-threshold")).toHaveText("0.65");
  await expect(page.getByText("No coincide: la similitud no alcanza el umbral.")).toBeVisible();
  await expect(page.getByTestId("liveness-scores")).toContainText("Girar la cabeza hacia un lado");
  await expect(page.getByTestId("ocr-front").getByRole("row", { name: /Clave de elector/ })).toContainText("RMSTLS75110821H100");
  await expect(page.getByTestId("mrz-lines")).toContainText("IDMEX");
  await expect(page.getByTestId("document-data")).toContainText("100000004");
  await expect(page.getByTestId("registry-ine-answer")).toContainText("REPORTADA");
  await expect(page.getByTestId("registry-renapo-answer")).toContainText("ENCONTRADA");

  // Its status webhooks (to VERIFYING, to FINISHED), one sent again.
  const deliveries = page.getByTestId("validation-delivery");
  await expect(deliveries).toHaveCount(2);
  await expect(deliveries.first()).toContainText("identity_session.status_changed");
  await expect(deliveries.getByTestId("delivery-summary")).toHaveText(["Verificando → Terminada", "Abierta → Verificando"]);
  await hydrated(page);
  await deliveries.first().getByRole("button", { name: "Reenviar" }).click();
  await expect(deliveries.first().getByRole("status")).toHaveText("Reenvío en cola.");

  // A comment, with its author; an empty one is refused by the form.
  await page.getByRole("button", { name: "Agregar comentario" }).click();
  await expect(page.getByTestId("session-comment")).toHaveCount(0);
  await page.getByLabel("Nuevo comentario").fill("Credencial reportada y otro rostro: pedir otra identificación y repetir la selfie.");
  await page.getByRole("button", { name: "Agregar comentario" }).click();
  await expect(page.getByText("Comentario guardado.")).toBeVisible();
  await expect(page.getByTestId("session-comment")).toHaveCount(1);
  await expect(page.getByTestId("session-comment")).toContainText("Revisora Íñiguez");
  await expect(page.getByTestId("session-comment")).toContainText("pedir otra identificación");
  await expect(page.getByLabel("Nuevo comentario")).toHaveValue("");
  await shot(page, "identity-review-02-detail", project);

  // A session nobody has finished: everything says "not yet", nothing breaks.
  await page.goto(`/dashboard/identity/${seeded.sessions.open}`);
  await expect(page.getByRole("heading", { name: "Sesión de verificación", level: 1 })).toBeVisible();
  await expect(page.getByText("Aún no hay verificaciones: aparecen cuando la persona termina y se procesan sus imágenes.")).toBeVisible();
  await expect(page.getByText("La persona aún no ha enviado imágenes.")).toBeVisible();
  await expect(page.getByText("Aún no se ha leído la MRZ.")).toBeVisible();
  await shot(page, "identity-review-03-open", project);

  // Quotas: the owner spent three transactions on the three sessions; the admin gives 250.
  await (await dashboardNav(page)).getByRole("link", { name: "Cuotas" }).click();
  await expect(page.getByRole("heading", { name: "Cuotas de identidad", level: 1 })).toBeVisible();
  await hydrated(page);
  await page.getByLabel("Buscar por correo o nombre").fill(seeded.owner.email);
  await page.getByRole("button", { name: "Buscar" }).click();
  const owner = page.getByTestId("quota-row").filter({ hasText: seeded.owner.email });
  await expect(owner.getByTestId("quota-left")).toHaveText("97");
  await hydrated(page);
  await owner.getByLabel(`Transacciones para ${seeded.owner.email}`).fill("250");
  await owner.getByRole("button", { name: "Fijar" }).click();
  await expect(owner.getByRole("status")).toHaveText("Guardado: 250.");
  await expect(owner.getByTestId("quota-left")).toHaveText("250");
  await shot(page, "identity-review-04-quotas", project);

  // The same review in English.
  await page.getByRole("button", { name: "English" }).first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.goto(`/dashboard/identity/${seeded.sessions.failed}`);
  await expect(page.getByRole("heading", { name: "Validations and reasons" })).toBeVisible();
  await expect(page.getByTestId("validation-outcome").filter({ hasText: "INE" })).toContainText("The credential is reported (stolen or lost) in the voter roll.");
  await expect(page.getByTestId("session-status")).toHaveText("Finished");
  await shot(page, "identity-review-05-english", project);
  await page.getByRole("button", { name: "Español" }).first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");

  // The owner, not an admin: only their own sessions, and no quotas page.
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, seeded.owner.email, seeded.owner.password);
  await expect((await dashboardNav(page)).getByRole("link", { name: "Identidad" })).toBeVisible();
  await expect((await dashboardNav(page)).getByRole("link", { name: "Cuotas" })).toHaveCount(0);
  await page.goto("/dashboard/identity");
  await expect(page.getByTestId("session-row")).toHaveCount(3);
  await expect(row(seeded.sessions.failed)).not.toContainText("Usuario:");
  await expect(row(seeded.sessions.foreign)).toHaveCount(0);
  expect((await page.goto(`/dashboard/identity/${seeded.sessions.foreign}`))!.status()).toBe(404);
  expect((await page.request.get(`/dashboard/identity/${seeded.sessions.foreign}/files/selfie`)).status()).toBe(404);
  expect((await page.request.get(`/dashboard/identity/${seeded.sessions.failed}/files/selfie`)).headers()["content-type"]).toBe("image/jpeg");
  expect((await page.goto("/dashboard/admin/quotas"))!.status()).toBe(404);
});
