import { expect, test } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { createRubricaClient } from "../clients/typescript/src";
import { cli, E2E_APP_URL } from "./support";

// The typed client (clients/typescript) against the running production build: what an
// integrator does first (folders, a document created, listed, updated and downloaded, an
// identity session and an INE validation), every call checked by the compiler against the
// OpenAPI document and by the server at run time.

async function contract(): Promise<string> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText("Contrato de prestacion de servicios", { x: 72, y: 700, size: 14, font });
  return Buffer.from(await pdf.save()).toString("base64");
}

test("an integrator drives the signing and identity APIs with the typed client", async ({}, info) => {
  test.skip(info.project.name !== "desktop", "no browser involved: once is enough");
  const email = `cliente.tipado.${Date.now()}@example.com`;
  cli("user:create", "--email", email, "--password", "contraseña-segura-1", "--name", "Integradora Tipada");
  const rubrica = createRubricaClient({ baseUrl: E2E_APP_URL, apiKey: cli("api-key:create", "--email", email, "--name", "cliente tipado") });

  // The first call, once more on a connection reset: this worker's fetch keeps the sockets of
  // the test before (a 1,000-row bulk send), and one the server closed while the CLI ran above
  // was reused (ECONNRESET, twice on this 2-core machine). A second failure still fails.
  const folders = await rubrica.GET("/v1/companies").catch(() => rubrica.GET("/v1/companies"));
  expect(folders.response.status).toBe(200);
  const folder = folders.data!.data[0]!.id;

  const created = await rubrica.POST("/v1/containers/{uuid}/documents", {
    params: { path: { uuid: folder } },
    body: { file_base64: await contract(), file_name: "Contrato tipado.pdf", signatures: [{ name: "Begoña Núñez", email: "begona@example.com" }] },
  });
  expect(created.response.status, JSON.stringify(created.error)).toBe(201);
  const id = created.data!.data.id;
  expect(created.data!.data.attributes.file_name).toBe("Contrato tipado.pdf");

  const listed = await rubrica.GET("/v1/containers/{uuid}/documents", { params: { path: { uuid: folder } } });
  expect(listed.data!.data.map((d) => d.id)).toContain(id);

  const updated = await rubrica.PATCH("/v1/documents/{uuid}", { params: { path: { uuid: id } }, body: { updateDocumentRequest: { tries: 5 } } });
  expect(updated.response.status, JSON.stringify(updated.error)).toBe(200);
  expect(updated.data!.data.attributes.tries).toBe(5);

  const pdf = await rubrica.GET("/v1/documents/{uuid}/pdf", { params: { path: { uuid: id } }, parseAs: "arrayBuffer" });
  expect(Buffer.from(pdf.data as ArrayBuffer).subarray(0, 5).toString()).toBe("%PDF-");

  // An error is an answer with the API's JSON, not an exception.
  const missing = await rubrica.GET("/v1/documents/{uuid}", { params: { path: { uuid: "00000000-0000-4000-8000-000000000000" } } });
  expect(missing.response.status).toBe(404);
  expect(missing.error).toMatchObject({ message: expect.any(String) });

  const session = await rubrica.POST("/identity/v3/identity/sessions", { body: { validations: ["INE", "CURP"], optionals: { pedido: 42 } } });
  expect(session.response.status, JSON.stringify(session.error)).toBe(201);
  const shown = await rubrica.GET("/identity/v2/identity/sessions/{id}", { params: { path: { id: session.data!.uuid } } });
  expect(shown.data!.data).toMatchObject({ id: session.data!.uuid, status: "OPEN", optionals: { pedido: 42 } });

  const validation = await rubrica.POST("/identity/v1/validations/basic", { body: { cic: "200000002", identificador_ciudadano: "100000002" } });
  expect(validation.response.status, JSON.stringify(validation.error)).toBe(201);
  // Card data are queued (201 {uuid}); card photos answer the result at once (200): the type is both.
  const queued = validation.data!;
  if (!("uuid" in queued)) throw new Error("expected the queued answer");
  await expect
    .poll(async () => (await rubrica.GET("/identity/v1/validations/basic/{uuid}", { params: { path: { uuid: queued.uuid } } })).data!.status, { timeout: 30_000 })
    .toBe("completed");
});
