import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { bombAfterFirstPagePdf } from "../test/hostile-pdfs";
import { cli, hydrated } from "./support";

// Issue 63, row 1, through server.ts on the production build: one tenant's stream bomb (a light
// first page, then 399 pages sharing one content stream that exhausts the engine's budget on
// each) flooded with anonymous requests for its page pictures, while another tenant works.
// Outcomes only: who answered, with what, and in which order; never how long anything took.

const FLOOD = { connections: 12, each: 3, firstPage: 100 };
const UNRENDERABLE = "This document cannot be shown as pictures on this server; open the PDF instead.";

function tenant(name: string, stamp: string) {
  const email = `${name}.${stamp}@example.com`;
  cli("user:create", "--email", email, "--password", "contraseña-segura-1", "--name", `Inquilina ${name}`);
  return { Authorization: `Bearer ${cli("api-key:create", "--email", email, "--name", "carga hostil")}` };
}

async function upload(request: APIRequestContext, headers: Record<string, string>, pdf: Uint8Array, name: string) {
  const folders = (await (await request.get("/v1/companies", { headers })).json()) as { data: { id: string }[] };
  return request.post(`/v1/containers/${folders.data[0]!.id}/documents`, {
    headers,
    data: { file_base64: Buffer.from(pdf).toString("base64"), file_name: name, notification_mode: "DISABLED", signatures: [{ name: "Begoña Núñez", email: "begona@example.com" }] },
    timeout: 0,
  });
}

type Created = { data: { id: string; relationships: { signatories: { data: { id: string }[] } } } };

async function smallPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]).drawText("Recibo", { x: 20, y: 100, size: 12, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return pdf.save();
}

test("abuse: a flood of page pictures of one tenant's stream bomb is refused past its queue with Retry-After, never holds another tenant's upload or read, and marks the document unrenderable", async ({ page, request }, info) => {
  test.skip(info.project.name !== "desktop", "HTTP requests only: once is enough");
  test.setTimeout(600_000);
  const stamp = `${Date.now()}`;
  const a = tenant("a", stamp);
  const b = tenant("b", stamp);

  const created = await upload(request, a, await bombAfterFirstPagePdf(30, 400), "bomba.pdf");
  expect(created.status(), await created.text()).toBe(201);
  const link = ((await created.json()) as Created).data.relationships.signatories.data[0]!.id;
  const picture = (page: number) => request.get(`/signature/sign-document/${link}/pages/${page}?w=820`, { timeout: 0 });

  // The flood: 12 connections, 3 pictures each, pages 100–135. Each answer is logged in arrival order.
  const arrivals: string[] = [];
  const flood: APIResponse[] = [];
  let firstAnswer: (res: APIResponse) => void;
  const first = new Promise<APIResponse>((resolve) => (firstAnswer = resolve));
  const flooding = Promise.all(
    Array.from({ length: FLOOD.connections }, async (_, c) => {
      for (let i = 0; i < FLOOD.each; i++) {
        const res = await picture(FLOOD.firstPage + c * FLOOD.each + i);
        flood.push(res);
        arrivals.push(`flood ${res.status()}`);
        firstAnswer(res);
      }
    }),
  );
  // Past the document's share of the queue the flood is refused at once: the first answer is a
  // refusal, not a render that ran out of its budget (as all 36 were, one after another).
  const refusal = await first;
  expect(refusal.status()).toBe(503);
  expect(Number(refusal.headers()["retry-after"])).toBeGreaterThan(0);

  // Meanwhile the other tenant uploads, reads its document, and the server says it is healthy.
  const small = await upload(request, b, await smallPdf(), "recibo.pdf");
  arrivals.push("b upload");
  expect(small.status(), await small.text()).toBe(201);
  const read = await request.get(`/v1/documents/${((await small.json()) as Created).data.id}`, { headers: b });
  arrivals.push("b read");
  expect(read.status()).toBe(200);
  expect((await request.get("/api/health")).status()).toBe(200);
  arrivals.push("health");
  await flooding;

  // Renders that ran to their budget and failed before the upload was answered: at most one per
  // engine thread already drawing when it came (it never queued behind the pictures).
  const rendersBeforeUpload = arrivals.slice(0, arrivals.indexOf("b upload")).filter((a) => a === "flood 422").length;
  console.log("hostile-load arrivals", arrivals.join(", "));
  const statuses = flood.map((r) => r.status());
  // Past the document's share of the queue: 503 with Retry-After, at once.
  const refused = flood.filter((r) => r.status() === 503);
  expect(refused.length, `statuses ${statuses.join(",")}`).toBeGreaterThan(0);
  for (const res of refused) expect(Number(res.headers()["retry-after"])).toBeGreaterThan(0);
  expect(statuses.every((s) => s === 503 || s === 422), statuses.join(",")).toBe(true);
  expect(rendersBeforeUpload).toBeLessThanOrEqual(2);

  // After a few pages ran out of budget the document is unrenderable: a page never asked for
  // before answers with that, without drawing; the signer can still open and download the PDF.
  const later = await picture(300);
  expect(later.status()).toBe(422);
  expect(((await later.json()) as { message: string }).message).toBe(UNRENDERABLE);
  expect((await request.get(`/v1/signatures/${link}/document`)).status()).toBe(200);
  expect((await request.get(`/signature/sign-document/${link}`)).status()).toBe(200);

  // The signer sees, in place of page 2's picture, that it cannot be shown, and the PDF's link.
  await page.goto(`/signature/sign-document/${link}`);
  await hydrated(page);
  const second = page.getByRole("figure", { name: "Página 2 de 400" });
  await second.scrollIntoViewIfNeeded();
  await expect(second.getByRole("status")).toContainText("Esta página no se puede mostrar aquí.");
  await expect(second.getByRole("link", { name: "Abrir el PDF en otra pestaña" })).toHaveAttribute("href", `/v1/signatures/${link}/document`);
});

test("abuse: pictures whose clients left give their places back: the document's queue takes as many again", async ({ request }, info) => {
  test.skip(info.project.name !== "desktop", "HTTP requests only: once is enough");
  test.setTimeout(600_000);
  const a = tenant("c", `${Date.now()}`);
  // Another file than the first test's (pictures are kept, and given up, by the file's hash).
  const created = await upload(request, a, await bombAfterFirstPagePdf(30, 399), "bomba-abandonada.pdf");
  expect(created.status(), await created.text()).toBe(201);
  const link = ((await created.json()) as Created).data.relationships.signatories.data[0]!.id;
  const picture = (page: number, timeout = 0) => request.get(`/signature/sign-document/${link}/pages/${page}?w=820`, { timeout });
  // A full share of the document's queue (one drawing, eight waiting), whose clients all leave:
  // Playwright's timeout closes each request's connection, which aborts the route's req.signal.
  const share = 1 + 8;
  const left = await Promise.allSettled(Array.from({ length: share }, (_, i) => picture(10 + i, 1500)));
  expect(left.map((r) => (r.status === "rejected" ? "left" : r.value.status()))).toEqual(Array(share).fill("left"));
  expect((await request.get("/api/health")).status()).toBe(200);
  // As many again are all taken (none refused 503): the waiting ones left the queue and the
  // drawing one was stopped (else the share would be full and some refused).
  const again = await Promise.all(Array.from({ length: share }, (_, i) => picture(30 + i)));
  expect(again.map((r) => r.status()).filter((s) => s === 503)).toEqual([]);
});
