import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { receiptValidations, webhookDeliveries } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { startWorker, stopWorker } from "@/lib/jobs/worker";
import { sandboxReceiptPortal, SANDBOX_RECEIPTS } from "@/lib/adapters/cfe/sandbox-portal";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { processReceiptValidation, RECEIPT_MAX_ATTEMPTS, type ReceiptDeps } from "@/lib/services/validations/process-receipt-validation";
import { receiptPdfUrl } from "@/lib/services/validations/receipt-validation-view";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { verifyWebhook, waitFor, receiverForWorkerTests } from "@/test/webhook-receiver";
import { GET as getPdf } from "./[uuid]/pdf/route";
import { GET } from "./[uuid]/route";
import { POST } from "./route";

const BASE = "/identity/v1/miscellaneous/electricity/recibo";
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;
const OK_INPUT = { numero_servicio: "123456789012", nombre_titular: "MARIA GUADALUPE PEREZ LOPEZ", importe: "1234.50" };
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const deps = (): ReceiptDeps => ({ portal: sandboxReceiptPortal({ latencyMs: 0 }), storage: fileStorage(), now: () => new Date() });

async function create(key: string, body: unknown) {
  const res = await call(POST, BASE, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) });
  return { res, json: (await res.json()) as Record<string, unknown> };
}

async function show(key: string, id: string) {
  const res = await call(GET, `${BASE}/${id}`, { headers: { authorization: `Bearer ${key}`, accept: "application/json" }, params: { uuid: id } });
  return { res, json: (await res.json()) as Json };
}

async function createAndProcess(key: string, body: unknown) {
  const { json } = await create(key, body);
  const id = json.uuid as string;
  const outcome = await processReceiptValidation(getDb(), id, deps());
  return { id, outcome, ...(await show(key, id)) };
}

describe("POST /identity/v1/miscellaneous/electricity/recibo", () => {
  it("answers 201 {uuid, status: pendiente, created_at} at once, and GET shows the pending validation field by field", async () => {
    const { key } = await seedUserWithKey();
    const { res, json } = await create(key, { ...OK_INPUT, webhook: "https://example.com/hooks/recibo" });
    expect(res.status).toBe(201);
    expect(Object.keys(json).sort()).toEqual(["created_at", "status", "uuid"]);
    expect(json.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(json.status).toBe("pendiente");
    expect(json.created_at).toMatch(ISO_WITH_OFFSET);

    const shown = await show(key, json.uuid as string);
    expect(shown.res.status).toBe(200);
    const [row] = await getDb().select().from(receiptValidations).where(eq(receiptValidations.id, json.uuid as string));
    expect(shown.json).toEqual({
      uuid: json.uuid,
      status: "pendiente",
      numero_servicio: "123456789012",
      nombre_titular: "MARIA GUADALUPE PEREZ LOPEZ",
      importe: "1234.50",
      created_at: json.created_at,
      updated_at: json.created_at,
      result: { estado: "pendiente", verificado: false, mensaje: "La consulta al portal está en proceso; puede tardar algunos minutos.", codigo_rechazo: null, datos_oficiales: null, pdf_url: null },
      job_id: row!.jobId,
      webhook: "https://example.com/hooks/recibo",
      raw_response: {},
    });
    // The job id is the queued pg-boss job's.
    const [job] = await getDb().execute<{ name: string }>(`select name from pgboss.job where id = '${row!.jobId}'`);
    expect(job?.name).toBe("validate-receipt");
  });

  it("accepts 30 / 255 / 30 characters and refuses one more, with the field's path", async () => {
    const { key } = await seedUserWithKey();
    const atLimit = await create(key, { numero_servicio: "1".repeat(30), nombre_titular: "Ñ".repeat(255), importe: "9".repeat(27) + ".50" });
    expect(atLimit.res.status).toBe(201);
    const over = await create(key, { numero_servicio: "1".repeat(31), nombre_titular: "Ñ".repeat(256), importe: "9".repeat(28) + ".50" });
    expect(over.res.status).toBe(422);
    expect(over.json).toEqual({
      message: "The given data was invalid.",
      errors: {
        numero_servicio: ["The numero_servicio field must not be greater than 30 characters."],
        nombre_titular: ["The nombre_titular field must not be greater than 255 characters."],
        importe: ["The importe field must not be greater than 30 characters."],
      },
    });
  });

  it("refuses missing fields, amounts with a currency sign or commas, and a webhook that is not a URL", async () => {
    const { key, user } = await seedUserWithKey();
    const empty = await create(key, {});
    expect(empty.res.status).toBe(422);
    expect(empty.json.errors).toEqual({
      numero_servicio: ["The numero_servicio field is required."],
      nombre_titular: ["The nombre_titular field is required."],
      importe: ["The importe field is required."],
    });
    for (const importe of ["$1234.50", "1,234.50", "1234,50", "mil", "-5"]) {
      const bad = await create(key, { ...OK_INPUT, importe });
      expect(bad.res.status, importe).toBe(422);
      expect(bad.json.errors).toEqual({ importe: ["The importe field must be an amount without currency sign or commas, such as 1234.50."] });
    }
    const hook = await create(key, { ...OK_INPUT, webhook: "ftp://example.com/x" });
    expect(hook.json.errors).toEqual({ webhook: ["The webhook field must be a valid http(s) URL."] });
    const blank = await create(key, { ...OK_INPUT, numero_servicio: "   " });
    expect(blank.json.errors).toEqual({ numero_servicio: ["The numero_servicio field is required."] });
    expect(await getDb().$count(receiptValidations, eq(receiptValidations.userId, user.id))).toBe(0);
  });

  it("answers 401 {message: Unauthorized} without a key or with a wrong one", async () => {
    for (const headers of [{}, { authorization: "Bearer rk_nope" }] as Record<string, string>[]) {
      const res = await call(POST, BASE, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(OK_INPUT) });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "Unauthorized" });
    }
  });
});

describe("sandbox outcomes", () => {
  it("OK: official data, a signed one-hour pdf_url to the receipt, and the portal's answer without Base64", async () => {
    const { key } = await seedUserWithKey();
    const before = Date.now();
    const { id, outcome, json } = await createAndProcess(key, { ...OK_INPUT, nombre_titular: "  maria guadalupe   perez lopez ", importe: "1234.5" });
    expect(outcome).toEqual({ kind: "finished", status: "OK" });
    expect(json.status).toBe("OK");
    expect(json.updated_at).toMatch(ISO_WITH_OFFSET);
    expect(json).not.toHaveProperty("error_message");
    const { pdf_url, ...result } = json.result;
    expect(result).toEqual({ estado: "OK", verificado: true, mensaje: "Los datos coinciden con el recibo emitido.", codigo_rechazo: null, datos_oficiales: SANDBOX_RECEIPTS[0] });
    const url = new URL(pdf_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${env().APP_URL}${BASE}/${id}/pdf`);
    const expires = Number(url.searchParams.get("expires")) * 1000;
    expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 3600_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3600_000);
    expect(json.raw_response).toMatchObject({ encontrado: true, recibo: { ...SANDBOX_RECEIPTS[0], tarifa: "1", moneda: "MXN" }, archivos: [{ nombre: "recibo_123456789012.pdf", tipo: "application/pdf" }] });
    expect(json.raw_response.archivos[0]).not.toHaveProperty("contenido");
    expect(JSON.stringify(json)).not.toContain("JVBERi0"); // Base64 of "%PDF-"

    const pdf = await call(getPdf, `${url.pathname}${url.search}`, { params: { uuid: id } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await pdf.arrayBuffer());
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "recibo-")), "recibo.pdf");
    fs.writeFileSync(file, bytes);
    const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
    expect(text).toContain("MARIA GUADALUPE PEREZ LOPEZ");
    expect(text).toContain("BENITO JUÁREZ, CIUDAD DE MÉXICO");
    expect(text).toContain("$1234.50");
  });

  it("DATOS_NO_COINCIDEN with NOMBRE_NO_COINCIDE, IMPORTE_NO_COINCIDE or SERVICIO_NO_ENCONTRADO, and nothing of the receipt shown", async () => {
    const { key } = await seedUserWithKey();
    const cases = [
      [{ ...OK_INPUT, nombre_titular: "MARIA GUADALUPE PEREZ LOPES" }, "NOMBRE_NO_COINCIDE", "El nombre del titular no coincide con el del recibo."],
      [{ ...OK_INPUT, importe: "1234.51" }, "IMPORTE_NO_COINCIDE", "El importe no coincide con el del recibo."],
      [{ ...OK_INPUT, numero_servicio: "000000000001" }, "SERVICIO_NO_ENCONTRADO", "No existe un recibo con ese número de servicio."],
    ] as const;
    for (const [input, code, mensaje] of cases) {
      const { json } = await createAndProcess(key, input);
      expect(json.status, code).toBe("DATOS_NO_COINCIDEN");
      expect(json.result).toEqual({ estado: "DATOS_NO_COINCIDEN", verificado: false, mensaje, codigo_rechazo: code, datos_oficiales: null, pdf_url: null });
      expect(json).not.toHaveProperty("error_message");
    }
  });

  it("ERROR after the portal stays unavailable for every attempt, with an error_message", async () => {
    const { key } = await seedUserWithKey();
    const { json: created } = await create(key, { ...OK_INPUT, numero_servicio: "999999999999" });
    const id = created.uuid as string;
    for (let attempt = 1; attempt < RECEIPT_MAX_ATTEMPTS; attempt++) {
      const outcome = await processReceiptValidation(getDb(), id, deps());
      expect(outcome.kind, `attempt ${attempt}`).toBe("retry");
      expect((await show(key, id)).json.status).toBe("pendiente");
    }
    expect(await processReceiptValidation(getDb(), id, deps())).toEqual({ kind: "finished", status: "ERROR" });
    const { json } = await show(key, id);
    expect(json.status).toBe("ERROR");
    expect(json.result).toEqual({ estado: "ERROR", verificado: false, mensaje: "No fue posible consultar el portal de la empresa eléctrica.", codigo_rechazo: null, datos_oficiales: null, pdf_url: null });
    expect(json.error_message).toBe(
      `No fue posible consultar el portal de la empresa eléctrica. Se intentó ${RECEIPT_MAX_ATTEMPTS} veces: The receipt portal answered 503 (sandbox: service 999999999999 is always unavailable).`,
    );
    expect(await processReceiptValidation(getDb(), id, deps())).toEqual({ kind: "already-final" });
  });
});

describe("GET /identity/v1/miscellaneous/electricity/recibo/{uuid}", () => {
  it("answers 404 {message: Validación no encontrada.} for an unknown, a malformed and another user's uuid", async () => {
    const owner = await seedUserWithKey();
    const stranger = await seedUserWithKey();
    const { json } = await create(owner.key, OK_INPUT);
    for (const id of [json.uuid as string, "8d7a3e1c-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const res = await show(stranger.key, id);
      expect(res.res.status, id).toBe(404);
      expect(res.json).toEqual({ message: "Validación no encontrada." });
    }
    expect((await show(owner.key, json.uuid as string)).res.status).toBe(200);
  });
});

describe("pdf_url", () => {
  it("serves the receipt for an hour and answers 403 with a message once expired or altered (injected clock)", async () => {
    const { key } = await seedUserWithKey();
    const { id } = await createAndProcess(key, OK_INPUT);
    const fetchLink = async (link: string) => {
      const url = new URL(link);
      return call(getPdf, `${url.pathname}${url.search}`, { params: { uuid: id } });
    };
    const now = Date.now();
    expect((await fetchLink(receiptPdfUrl(id, new Date(now - 59 * 60_000)))).status).toBe(200);
    const expired = await fetchLink(receiptPdfUrl(id, new Date(now - 61 * 60_000)));
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ message: "El enlace del recibo expiró (vale una hora). Consulta la validación de nuevo para obtener un enlace nuevo." });
    const fresh = new URL(receiptPdfUrl(id, new Date(now)));
    fresh.searchParams.set("expires", String(Number(fresh.searchParams.get("expires")) + 86_400));
    const altered = await fetchLink(fresh.toString());
    expect(altered.status).toBe(403);
    expect(await altered.json()).toEqual({ message: "El enlace del recibo no es válido." });
    const bare = await call(getPdf, `${BASE}/${id}/pdf`, { params: { uuid: id } });
    expect(bare.status).toBe(403);
  });
});

describe("jobs and webhooks", () => {
  const hooks = receiverForWorkerTests();

  it("the worker finishes a validation and its webhook arrives once, signed, in the GET shape without job_id, webhook and raw_response", async () => {
    const { key, user } = await seedUserWithKey();
    await startWorker();
    const { json: created } = await create(key, { ...OK_INPUT, webhook: hooks.url() });
    const id = created.uuid as string;
    const got = await waitFor(() => hooks.received.find((r) => JSON.parse(r.body).uuid === id));
    const body = verifyWebhook(user.webhookSecret, got) as Json;
    const { json } = await show(key, id);
    const { pdf_url: hookPdf, ...hookResult } = body.result;
    expect(body).toEqual({ uuid: id, status: "OK", numero_servicio: json.numero_servicio, nombre_titular: json.nombre_titular, importe: json.importe, created_at: json.created_at, updated_at: json.updated_at, result: body.result });
    expect({ ...hookResult, pdf_url: json.result.pdf_url }).toEqual(json.result);
    expect(Object.keys(body).sort()).toEqual(["created_at", "importe", "nombre_titular", "numero_servicio", "result", "status", "updated_at", "uuid"]);
    expect(hookPdf).toMatch(new RegExp(`^${env().APP_URL}${BASE}/${id}/pdf\\?expires=\\d+&signature=[\\w-]+$`));
    // Run the job again: already final, nothing sent twice.
    expect(await processReceiptValidation(getDb(), id, deps())).toEqual({ kind: "already-final" });
    await new Promise((r) => setTimeout(r, 1500));
    expect(hooks.received.filter((r) => JSON.parse(r.body).uuid === id)).toHaveLength(1);
    expect(await getDb().$count(webhookDeliveries, eq(webhookDeliveries.userId, user.id))).toBe(1);
  });

  it("a job that crashes after storing the receipt is retried to one final state and one webhook", async () => {
    // This test plays the worker itself; a running one would take the job the moment it is queued.
    await stopWorker();
    const { key, user } = await seedUserWithKey();
    const { json: created } = await create(key, { ...OK_INPUT, webhook: hooks.url() });
    const id = created.uuid as string;
    const storage = fileStorage();
    const crashing: ReceiptDeps = {
      ...deps(),
      storage: {
        ...storage,
        put: async (bytes) => {
          await storage.put(bytes);
          throw new Error("worker killed");
        },
      },
    };
    await expect(processReceiptValidation(getDb(), id, crashing)).rejects.toThrow("worker killed");
    const [midway] = await getDb().select().from(receiptValidations).where(eq(receiptValidations.id, id));
    expect(midway).toMatchObject({ status: "pendiente", attempts: 1, outcome: null, receiptPdfHash: null });
    expect(await getDb().$count(webhookDeliveries, eq(webhookDeliveries.userId, user.id))).toBe(0);

    // The retry and a duplicate run race: exactly one finishes it.
    const outcomes = await Promise.all([processReceiptValidation(getDb(), id, deps()), processReceiptValidation(getDb(), id, deps())]);
    expect(outcomes.filter((o) => o.kind === "finished")).toHaveLength(1);
    const [final] = await getDb().select().from(receiptValidations).where(eq(receiptValidations.id, id));
    // The crashed run counted one attempt; each racer that found it still pending counts one
    // more, and the loser may start only after the winner finished (then it counts none).
    expect(final).toMatchObject({ status: "OK" });
    expect([2, 3]).toContain(final!.attempts);
    expect(final!.receiptPdfHash).toMatch(/^[0-9A-F]{64}$/);
    expect(await getDb().$count(webhookDeliveries, eq(webhookDeliveries.userId, user.id))).toBe(1);
  });
});
