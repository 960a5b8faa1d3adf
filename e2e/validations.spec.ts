import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E_APP_URL, dashboardNav, hydrated, shot, signUpAndSignIn } from "./support";

const RECIBO = "/identity/v1/miscellaneous/electricity/recibo";

/** Polls the API the way an integrator would, until the validation leaves its first state. */
async function settled(request: APIRequestContext, path: string, key: string, waiting: string) {
  let body: Record<string, unknown> = {};
  await expect
    .poll(async () => {
      body = await (await request.get(path, { headers: { authorization: `Bearer ${key}`, accept: "application/json" } })).json();
      return body.status;
    }, { timeout: 30_000 })
    .not.toMatch(new RegExp(`^(${waiting})$`));
  return body;
}

test("an integrator validates receipts and an INE credential with the API and reads the results in the dashboard", async ({ page, request }, info) => {
  const project = info.project.name;
  await signUpAndSignIn(page, { name: "Guadalupe Ñúñez Ibáñez", email: `validaciones.${project}.${Date.now()}@example.com` });
  await (await dashboardNav(page)).getByRole("link", { name: "Ajustes" }).click();
  await hydrated(page);
  await page.getByLabel("Nombre de la clave").fill("validaciones");
  await page.getByRole("button", { name: "Crear clave" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())!.trim();
  const headers = { authorization: `Bearer ${key}`, accept: "application/json" };

  const ok = await (await request.post(RECIBO, { headers, data: { numero_servicio: "123456789012", nombre_titular: "maria guadalupe perez lopez", importe: "1234.5" } })).json();
  const wrong = await (await request.post(RECIBO, { headers, data: { numero_servicio: "210987654321", nombre_titular: "JOSÉ ÁNGEL NÚÑEZ GARCÍA", importe: "900" } })).json();
  const ine = await request.post("/identity/v1/validations/basic", { headers, data: { cic: "200000002", identificador_ciudadano: "100000002" } });
  expect(ine.status()).toBe(201);
  const ineId = ((await ine.json()) as { uuid: string }).uuid;
  expect(ok.status).toBe("pendiente");

  const okFinal = await settled(request, `${RECIBO}/${ok.uuid}`, key, "pendiente");
  expect(okFinal.status).toBe("OK");
  expect((await settled(request, `${RECIBO}/${wrong.uuid}`, key, "pendiente")).status).toBe("DATOS_NO_COINCIDEN");
  expect((await settled(request, `/identity/v1/validations/basic/${ineId}`, key, "pending|processing")).status).toBe("completed");
  // The addresses real clients call: without the /identity prefix, and after a base URL ending in "/".
  const canonical = await (await request.get(`/identity/v1/validations/basic/${ineId}`, { headers })).json();
  // (an absolute URL: a bare "//identity/…" would be read as a host named identity)
  for (const alias of [`/v1/validations/basic/${ineId}`, `${E2E_APP_URL}//identity/v1/validations/basic/${ineId}`]) {
    const res = await request.get(alias, { headers });
    expect(res.status(), alias).toBe(200);
    expect(await res.json()).toEqual(canonical);
  }
  // The pdf_url of the API answers the receipt with no key.
  const pdfFromApi = await request.get((okFinal.result as { pdf_url: string }).pdf_url);
  expect(pdfFromApi.headers()["content-type"]).toBe("application/pdf");

  await (await dashboardNav(page)).getByRole("link", { name: "Validaciones" }).click();
  await expect(page.getByRole("heading", { name: "Validaciones", level: 1 })).toBeVisible();
  const receiptRows = page.getByTestId("receipt-validation-row");
  await expect(receiptRows).toHaveCount(2);
  await expect(receiptRows.filter({ hasText: "JOSÉ ÁNGEL NÚÑEZ GARCÍA" })).toContainText("No coincide");
  await expect(receiptRows.filter({ hasText: "maria guadalupe perez lopez" })).toContainText("Coincide");
  await expect(page.getByTestId("ine-validation-row")).toContainText("La credencial está vigente como medio de identificación y puede votar.");
  await expect(page.getByTestId("ine-validation-row").getByTestId("validation-status")).toHaveText("Vigente");
  await shot(page, "validations-01-list", project);

  await receiptRows.filter({ hasText: "maria guadalupe perez lopez" }).click();
  await expect(page.getByRole("heading", { name: "Validación de recibo" })).toBeVisible();
  await expect(page.getByText("Los datos coinciden con el recibo emitido.")).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "AV INSURGENTES SUR 1234 INT 5, COL DEL VALLE CENTRO, BENITO JUÁREZ, CIUDAD DE MÉXICO, CP 03100" })).toBeVisible();
  const href = await page.getByRole("link", { name: "Ver el recibo (PDF)" }).getAttribute("href");
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await shot(page, "validations-02-receipt", project);

  await page.goto(`/dashboard/validations/ine/${ineId}`);
  await expect(page.getByRole("heading", { name: "Validación de INE" })).toBeVisible();
  await expect(page.getByTestId("validation-status")).toHaveText("Vigente");
  await expect(page.getByRole("definition").filter({ hasText: /^Vigente$/ })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "JALISCO" })).toBeVisible();
  await shot(page, "validations-03-ine", project);
});
