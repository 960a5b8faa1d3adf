import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { bulkSends, documents, outboxMessages, signatories, users } from "@/lib/db/schema";
import { notifySignatories } from "@/lib/services/notices/notify-signatories";
import { runBulkSend } from "@/lib/services/bulk-sends/run-bulk-send";
import { defaultFolderId, makePdf, seedDocument } from "@/test/factories/documents";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { POST as createDocument } from "@/app/v1/containers/[uuid]/documents/route";
import { POST as resendNotice } from "@/app/v1/documents/[uuid]/signatures/[signatureId]/notice/route";
import { POST as createTemplate } from "@/app/v1/templates/route";
import { POST as startBulkSend } from "@/app/v1/templates/[id]/bulk-sends/route";
import { POST as useTemplate } from "@/app/v1/templates/[id]/documents/route";

const auth = (key: string) => ({ authorization: `Bearer ${key}` });
const setQuota = (userId: string, quota: { documentQuota?: number; noticeQuota?: number }) => getDb().update(users).set(quota).where(eq(users.id, userId));

async function postDocument(key: string, folderId: string) {
  const form = new FormData();
  form.set("file", new File([(await makePdf(1)) as BlobPart], "contrato.pdf", { type: "application/pdf" }));
  form.set("document", JSON.stringify({ file_name: "Contrato.pdf", signatures: [{ name: "Begoña Núñez", email: "begona@example.com" }], notification_mode: "DISABLED" }));
  return call(createDocument, `/v1/containers/${folderId}/documents`, { method: "POST", headers: auth(key), body: form, params: { uuid: folderId } });
}

async function seedTemplate(key: string, notificationMode = "DISABLED") {
  const form = new FormData();
  form.set("file", new File([(await makePdf(1)) as BlobPart], "pagare.pdf", { type: "application/pdf" }));
  form.set("template", JSON.stringify({ name: "Pagaré", roles: [{ key: "deudor", label: "Deudor" }], notification_mode: notificationMode }));
  const res = await call(createTemplate, "/v1/templates", { method: "POST", headers: auth(key), body: form });
  expect(res.status).toBe(201);
  return (await res.json()).data.id as string;
}

const csv = (rows: number) => ["deudor.nombre,deudor.email", ...Array.from({ length: rows }, (_, i) => `Deudor ${i + 1},deudor${i + 1}@example.com`)].join("\r\n");
async function bulk(key: string, templateId: string, rows: number) {
  const res = await call(startBulkSend, `/v1/templates/${templateId}/bulk-sends`, { method: "POST", headers: { ...auth(key), "content-type": "text/csv" }, body: csv(rows), params: { id: templateId } });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

const documentsOf = async (userId: string) => (await getDb().select({ id: documents.id }).from(documents).where(eq(documents.ownerUserId, userId))).length;

describe("per-account quotas on documents and notices", () => {
  it("abuse: one account creating documents one by one past its quota gets 429 with what is left and when it resets; another account is unaffected", async () => {
    const flooder = await seedUserWithKey();
    const other = await seedUserWithKey();
    await setQuota(flooder.user.id, { documentQuota: 3 });
    const folder = await defaultFolderId(flooder.actor);
    const templateId = await seedTemplate(flooder.key);
    for (let i = 0; i < 2; i++) {
      const res = await postDocument(flooder.key, folder);
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const fromTemplate = await call(useTemplate, `/v1/templates/${templateId}/documents`, { method: "POST", headers: { ...auth(flooder.key), "content-type": "application/json" }, body: JSON.stringify({ roles: { deudor: { name: "Ana", email: "ana@example.com" } } }), params: { id: templateId } });
    expect(fromTemplate.status, await fromTemplate.clone().text()).toBe(201);

    const refused = await postDocument(flooder.key, folder);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    const body = await refused.json();
    expect(body.message).toMatch(/Cuota de documentos agotada: quedan 0 de 3/);
    expect(body.quota).toMatchObject({ kind: "documents", limit: 3, remaining: 0, requested: 1, retry_after: retryAfter });
    expect(new Date(body.quota.resets_at).getTime()).toBeGreaterThan(Date.now());
    const refusedTemplate = await call(useTemplate, `/v1/templates/${templateId}/documents`, { method: "POST", headers: { ...auth(flooder.key), "content-type": "application/json" }, body: JSON.stringify({ roles: { deudor: { name: "Ana", email: "ana@example.com" } } }), params: { id: templateId } });
    expect(refusedTemplate.status).toBe(429);
    expect(await documentsOf(flooder.user.id)).toBe(3);

    // The other tenant spends its own budget (the default), untouched by the flooder's.
    expect((await postDocument(other.key, await defaultFolderId(other.actor))).status).toBe(201);
  });

  it("abuse: a second bulk send larger than what is left of the documents quota is refused whole with 429; another account's bulk send starts", async () => {
    const flooder = await seedUserWithKey();
    const other = await seedUserWithKey();
    await setQuota(flooder.user.id, { documentQuota: 40 });
    const templateId = await seedTemplate(flooder.key);
    const first = await bulk(flooder.key, templateId, 30);
    expect(first.status).toBe(202);
    await runBulkSend(getDb(), first.body.data.id, { size: 50, pauseMs: 0 });

    const second = await bulk(flooder.key, templateId, 30);
    expect(second.status).toBe(429);
    expect(second.body.quota).toMatchObject({ kind: "documents", limit: 40, remaining: 10, requested: 30 });
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await getDb().select().from(bulkSends).where(eq(bulkSends.ownerUserId, flooder.user.id))).toHaveLength(1);
    expect(await documentsOf(flooder.user.id)).toBe(30);
    // What is left is still there, all of it.
    expect((await bulk(flooder.key, templateId, 10)).status).toBe(202);

    expect((await bulk(other.key, await seedTemplate(other.key), 30)).status).toBe(202);
  });

  it("abuse: a bulk send whose first notices do not fit in what is left of the notices quota is refused whole with 429", async () => {
    const { key, user } = await seedUserWithKey();
    await setQuota(user.id, { noticeQuota: 25 });
    const notifying = await seedTemplate(key, "ENABLED");
    const refused = await bulk(key, notifying, 30);
    expect(refused.status).toBe(429);
    expect(refused.body.quota).toMatchObject({ kind: "notices", limit: 25, remaining: 25, requested: 30 });
    expect(await getDb().select().from(bulkSends).where(eq(bulkSends.ownerUserId, user.id))).toHaveLength(0);
    // Without notices the same rows fit: documents are what it pays.
    expect((await bulk(key, await seedTemplate(key), 30)).status).toBe(202);
  });

  it("abuse: two bulk sends started at the same moment by one account: exactly one starts, the other gets 409 until it is done", async () => {
    const { key, user } = await seedUserWithKey();
    const templateId = await seedTemplate(key);
    const raced = await Promise.all([bulk(key, templateId, 20), bulk(key, templateId, 20)]);
    expect(raced.map((r) => r.status).sort()).toEqual([202, 409]);
    const started = raced.find((r) => r.status === 202)!;
    const conflict = raced.find((r) => r.status === 409)!;
    expect(conflict.body).toMatchObject({ message: expect.stringMatching(/envío masivo en curso/), bulk_send_id: started.body.data.id });
    expect(await getDb().select().from(bulkSends).where(eq(bulkSends.ownerUserId, user.id))).toHaveLength(1);

    expect((await bulk(key, templateId, 5)).status).toBe(409);
    await runBulkSend(getDb(), started.body.data.id, { size: 50, pauseMs: 0 });
    expect((await bulk(key, templateId, 5)).status).toBe(202);
  });

  it("abuse: re-sent signing links past the notices quota get 429; a job's notices past it are kept as failed, never sent", async () => {
    const owner = await seedUserWithKey();
    await setQuota(owner.user.id, { noticeQuota: 3 });
    const id = await seedDocument(owner.actor, { notification_mode: "DISABLED", signatures: [{ name: "Begoña Núñez", email: "begona@example.com" }], spectators: [] });
    const [signer] = await getDb().select().from(signatories).where(eq(signatories.documentId, id));
    const resend = () => call(resendNotice, `/v1/documents/${id}/signatures/${signer!.id}/notice`, { method: "POST", headers: auth(owner.key), params: { uuid: id, signatureId: signer!.id } });
    for (let i = 0; i < 3; i++) expect((await resend()).status).toBe(202);
    const refused = await resend();
    expect(refused.status).toBe(429);
    expect((await refused.json()).quota).toMatchObject({ kind: "notices", limit: 3, remaining: 0 });

    // Notices made by jobs (first notices, reminders) have nobody to answer: kept, failed, with the reason.
    const other = await seedDocument(owner.actor, { notification_mode: "ENABLED", signatures: [{ name: "Ana", email: "ana@example.com" }], spectators: [] });
    await notifySignatories(getDb(), other);
    const held = await getDb().select().from(outboxMessages).where(and(eq(outboxMessages.userId, owner.user.id), eq(outboxMessages.recipient, "ana@example.com")));
    expect(held.map((m) => [m.status, m.error])).toEqual([["failed", expect.stringMatching(/Cuota de avisos/)]]);
    const sent = await getDb().select().from(outboxMessages).where(and(eq(outboxMessages.userId, owner.user.id), eq(outboxMessages.status, "queued")));
    expect(sent).toHaveLength(3);
  });
});
