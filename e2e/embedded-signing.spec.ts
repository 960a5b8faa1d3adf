import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { newcomerWithKey, testCertificate, twoPagePdf } from "./signer-support";
import { E2E_APP_URL, hydrated, shot } from "./support";

/**
 * An integrator's page on another origin (localhost:<its own port>, where the app is
 * 127.0.0.1:E2E_PORT): it loads /embed.js, puts <rubrica-signing> on the page and records every
 * CustomEvent the element dispatches and every message the window receives, with its origin.
 */
function integratorSite(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const id = /^\/firmar\/([0-9a-f-]{36})$/.exec(req.url ?? "")?.[1];
    if (!id) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Portal del integrador</title>
<script>
  window.heard = []; window.messages = [];
  for (const type of ["rubrica:loaded", "rubrica:signed", "rubrica:rejected", "rubrica:error"])
    document.addEventListener(type, (e) => window.heard.push(e.detail));
  window.addEventListener("message", (e) => window.messages.push({ origin: e.origin, data: e.data }));
</script>
<script src="${E2E_APP_URL}/embed.js"></script></head>
<body><h1>Portal del integrador</h1><rubrica-signing signature-id="${id}" height="1600px"></rubrica-signing></body></html>`);
  });
  return new Promise((resolve) =>
    server.listen(0, () => resolve({ origin: `http://localhost:${(server.address() as AddressInfo).port}`, close: () => new Promise((done) => server.close(() => done())) })),
  );
}

/** In Ajustes, the key's embed origins (the first key's), saved. */
async function allowOrigin(page: Page, origin: string) {
  const embed = page.getByTestId("api-key-embed").first();
  await embed.getByText("Firma insertada: ningún sitio").click();
  await embed.getByLabel("Sitios que pueden insertar la firma (clave «firma e2e»)").fill(origin);
  await embed.getByRole("button", { name: "Guardar sitios" }).click();
  await expect(embed).toContainText(`Firma insertada: ${origin}`);
  return embed;
}

type Heard = { type: string; signature_id: string; link_status: string };
const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: Heard[] }).heard);
const messages = (page: Page) => page.evaluate(() => (window as unknown as { messages: Array<{ origin: string; data: Heard }> }).messages);

test("a signer signs inside an allowed integrator's page, which hears the events; a page on another origin cannot frame it", async ({ page, browser, request }, info) => {
  // One browser is enough: the phone project runs the same page code (sign-document.spec.ts).
  test.skip(info.project.name === "phone", "desktop only");
  test.setTimeout(180_000);
  const stamp = `${info.project.name}.${Date.now()}`;
  const allowed = await integratorSite();
  const stranger = await integratorSite();
  try {
    // The owner makes a key and, in Ajustes, lets the integrator's origin embed its documents' signing.
    const key = await newcomerWithKey(page, "Ñandú Pérez", `dueno.${stamp}@example.com`);
    const embed = page.getByTestId("api-key-embed").first();
    await embed.getByText("Firma insertada: ningún sitio").click();
    const origins = embed.getByLabel("Sitios que pueden insertar la firma (clave «firma e2e»)");
    await origins.fill("http://intruso.example.mx");
    await embed.getByRole("button", { name: "Guardar sitios" }).click();
    await expect(embed.getByRole("alert")).toContainText("«http://intruso.example.mx» no es un origen válido");
    await expect(origins).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page, "Ajustes, sitios de firma insertada con un error");
    await origins.fill(`${allowed.origin}/`);
    await embed.getByRole("button", { name: "Guardar sitios" }).click();
    await expect(embed.getByRole("status")).toHaveText("Cambios guardados.");
    await expect(embed).toContainText(`Firma insertada: ${allowed.origin}`); // normalized: no trailing slash
    await shot(page, "embed-01-origins", info.project.name);

    // The document, by API with that key: two signers; José's plain link sends him back to the integrator.
    const folder = (await (await request.get("/v1/companies", { headers: { Authorization: `Bearer ${key}` } })).json()).data[0].id as string;
    const created = await request.post(`/v1/containers/${folder}/documents`, {
      headers: { Authorization: `Bearer ${key}` },
      multipart: {
        file: { name: "contrato.pdf", mimeType: "application/pdf", buffer: await twoPagePdf("Contrato insertado — Mérida, Yucatán") },
        document: JSON.stringify({
          file_name: "Contrato insertado.pdf",
          signatures: [
            { name: "Begoña Núñez Ibáñez", email: `begona.${stamp}@example.com` },
            { name: "José Ángel Peña", email: `jose.${stamp}@example.com`, redirect_url: "https://integrador.example.mx/listo?pedido=7" },
          ],
        }),
      },
    });
    expect(created.status()).toBe(201);
    const [begona, jose] = ((await created.json()).data.relationships.signatories.data as Array<{ id: string }>).map((s) => s.id);
    const refused = await request.post(`/v1/containers/${folder}/documents`, {
      headers: { Authorization: `Bearer ${key}` },
      multipart: { file: { name: "c.pdf", mimeType: "application/pdf", buffer: await twoPagePdf("x") }, document: JSON.stringify({ signatures: [{ name: "A B", email: `a.${stamp}@example.com` }], redirect_url: "javascript:alert(1)" }) },
    });
    expect(refused.status()).toBe(422);

    // A page on an origin the key does not list: the browser refuses the frame, nothing is heard.
    const other = await browser.newPage();
    const framed = other.waitForResponse((r) => r.url() === `${E2E_APP_URL}/signature/sign-document/${begona}`);
    await other.goto(`${stranger.origin}/firmar/${begona}`);
    const answer = await framed;
    expect(answer.headers()["content-security-policy"]).toContain(`frame-ancestors ${allowed.origin}`);
    expect(answer.headers()["x-frame-options"]).toBeUndefined();
    await other.waitForTimeout(3_000);
    const strangerFrame = other.frames().find((f) => f !== other.mainFrame());
    // Chromium replaces a frame refused by frame-ancestors with its error page.
    expect(strangerFrame?.url()).not.toContain("/signature/sign-document/");
    await expect(other.frameLocator("rubrica-signing iframe").getByRole("heading", { level: 1 })).toHaveCount(0);
    expect(await heard(other)).toEqual([]);
    expect(await messages(other)).toEqual([]);
    await other.close();

    // The allowed page: the signing page loads inside, and the page hears rubrica:loaded.
    const cert = testCertificate(path.join("test-results", "e2e-certs", stamp), "Begoña Núñez Ibáñez", "NUIB800101AB1");
    const host = await browser.newPage();
    // A CSP refusal, or a postMessage to an origin that is not the parent's, is logged as an error.
    const hostErrors: string[] = [];
    host.on("console", (m) => m.type() === "error" && !m.location().url.endsWith("/favicon.ico") && hostErrors.push(m.text()));
    host.on("pageerror", (err) => hostErrors.push(err.message));
    await host.goto(`${allowed.origin}/firmar/${begona}`);
    const frame = host.frameLocator("rubrica-signing iframe");
    await expect(frame.getByRole("heading", { level: 1, name: "Contrato insertado.pdf" })).toBeVisible();
    await expect.poll(() => heard(host)).toEqual([{ type: "rubrica:loaded", signature_id: begona, link_status: "ACTIVE" }]);
    await frame.locator("body[data-hydrated]").waitFor();
    await frame.getByRole("radio", { name: "e.firma del SAT" }).check();
    await frame.getByLabel("Certificado (.cer)").setInputFiles(cert.cer);
    await frame.getByLabel("Llave privada (.key)", { exact: true }).setInputFiles(cert.key);
    await frame.getByLabel("Contraseña de la llave privada").fill(cert.password);
    await frame.getByRole("button", { name: "Firmar documento" }).click();
    await expect(frame.getByTestId("link-outcome").getByRole("heading", { name: "Firmaste este documento" })).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => heard(host)).toEqual([
      { type: "rubrica:loaded", signature_id: begona, link_status: "ACTIVE" },
      { type: "rubrica:signed", signature_id: begona, link_status: "SIGNED" },
    ]);
    // Every message the page got came from Rúbrica's origin, and only these two.
    expect((await messages(host)).map((m) => [m.origin, m.data.type])).toEqual([
      [E2E_APP_URL, "rubrica:loaded"],
      [E2E_APP_URL, "rubrica:signed"],
    ]);
    expect(hostErrors).toEqual([]);
    await shot(host, "embed-02-signed-inside", info.project.name);
    await host.close();

    // José's link opened on its own: he rejects and is sent to the document's integrator with the outcome.
    const plain = await browser.newPage();
    await plain.route("https://integrador.example.mx/**", (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Listo</title><h1>De vuelta en el portal</h1>" }));
    const response = await plain.goto(`${E2E_APP_URL}/signature/sign-document/${jose}`);
    // Not framed here, the same page keeps its X-Frame-Options out and its frame-ancestors list.
    expect(response!.headers()["content-security-policy"]).toContain(`frame-ancestors ${allowed.origin}`);
    await hydrated(plain);
    await plain.getByRole("button", { name: "Rechazar el documento" }).click();
    await plain.getByLabel("Motivo del rechazo").fill("Las cláusulas no son las acordadas.");
    await plain.getByRole("button", { name: "Rechazar", exact: true }).click();
    await expect(plain.getByTestId("link-outcome").getByRole("heading", { name: "Rechazaste este documento" })).toBeVisible();
    await plain.waitForURL("https://integrador.example.mx/listo?pedido=7&status=rejected", { timeout: 15_000 });
    await expect(plain.getByRole("heading", { name: "De vuelta en el portal" })).toBeVisible();
    await plain.close();
  } finally {
    await allowed.close();
    await stranger.close();
  }
});

test("a RUBRICA signer inside a frame verifies their identity in a tab of its own (the verification page is never framed)", async ({ page, browser, request }, info) => {
  test.skip(info.project.name === "phone", "desktop only");
  test.setTimeout(120_000);
  const stamp = `${info.project.name}.${Date.now()}`;
  const allowed = await integratorSite();
  try {
    const key = await newcomerWithKey(page, "Íñigo Sáenz", `dueno-ine.${stamp}@example.com`);
    await allowOrigin(page, allowed.origin);
    const folder = (await (await request.get("/v1/companies", { headers: { Authorization: `Bearer ${key}` } })).json()).data[0].id as string;
    const created = await request.post(`/v1/containers/${folder}/documents`, {
      headers: { Authorization: `Bearer ${key}` },
      multipart: {
        file: { name: "contrato.pdf", mimeType: "application/pdf", buffer: await twoPagePdf("Contrato con INE") },
        document: JSON.stringify({ file_name: "Contrato con INE.pdf", signatures: [{ name: "Ana Ruiz Peña", email: `ana.${stamp}@example.com` }], config: { allow_type_signatures: ["RUBRICA"] } }),
      },
    });
    expect(created.status()).toBe(201);
    const ana = (await created.json()).data.relationships.signatories.data[0].id as string;

    const host = await browser.newPage();
    await host.goto(`${allowed.origin}/firmar/${ana}`);
    const frame = host.frameLocator("rubrica-signing iframe");
    await expect(frame.getByRole("heading", { level: 1, name: "Contrato con INE.pdf" })).toBeVisible();
    await frame.locator("body[data-hydrated]").waitFor();
    const popup = host.waitForEvent("popup");
    await frame.getByRole("button", { name: "Verificar mi identidad" }).click();
    // The verification opens top-level, where the camera and its own policy work.
    const verification = await popup;
    await verification.waitForURL(/\/identity\/verify\//);
    // The frame stays on the signing page, waiting for the verification.
    await expect(frame.getByTestId("identity-step")).toHaveAttribute("data-state", "OPEN");
    await expect(frame.getByRole("heading", { level: 1, name: "Contrato con INE.pdf" })).toBeVisible();
    await host.close();

    // The owner cancels the document: the embedded link now opens to an error the page hears at once.
    const documentId = (await created.json()).data.id as string;
    expect((await request.delete(`/v1/documents/${documentId}`, { headers: { Authorization: `Bearer ${key}` } })).status()).toBeLessThan(300);
    const again = await browser.newPage();
    await again.goto(`${allowed.origin}/firmar/${ana}`);
    await expect.poll(() => heard(again)).toEqual([
      { type: "rubrica:loaded", signature_id: ana, link_status: "DOCUMENT_CANCELLED" },
      { type: "rubrica:error", signature_id: ana, link_status: "DOCUMENT_CANCELLED" },
    ]);
    await again.close();
  } finally {
    await allowed.close();
  }
});
