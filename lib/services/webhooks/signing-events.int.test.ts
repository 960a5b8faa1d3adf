import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { documents, signatories, webhookDeliveries } from "@/lib/db/schema";
import { rejectSignatory } from "@/lib/services/signing/reject-signatory";
import { sealDocument } from "@/lib/services/signing/seal-document";
import { signSignatory } from "@/lib/services/signing/sign-signatory";
import { signBodyFor, testSigner } from "@/test/factories/certificates";
import { seedDocument } from "@/test/factories/documents";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { PUT } from "@/app/api/dashboard/signing-webhook/route";

const HOOK = "https://hooks.example.com/rubrica";

async function ownerWithHook() {
  const owner = await seedUserWithKey();
  const res = await call(PUT, "/api/dashboard/signing-webhook", { method: "PUT", headers: { "x-api-key": owner.key, "content-type": "application/json" }, body: JSON.stringify({ url: HOOK }) });
  expect(res.status).toBe(200);
  return owner;
}

const deliveries = (userId: string) => getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.userId, userId)).orderBy(asc(webhookDeliveries.createdAt));

describe("signing webhooks", () => {
  it("sends signature.signed for each signer and document.completed when sealed, to the owner's URL", async () => {
    const owner = await ownerWithHook();
    const id = await seedDocument(owner.actor);
    const people = await getDb().select().from(signatories).where(eq(signatories.documentId, id)).orderBy(asc(signatories.position));
    const [doc] = await getDb().select().from(documents).where(eq(documents.id, id));
    for (const p of people) await signSignatory(getDb(), p.id, await signBodyFor(await testSigner(), doc!.originalHash), { ip: null });
    await sealDocument(getDb(), id);
    const sent = await deliveries(owner.user.id);
    expect(sent.map((d) => d.eventType)).toEqual(["signature.signed", "signature.signed", "document.completed"]);
    expect(sent.every((d) => d.url === HOOK)).toBe(true);
    expect(sent[0]!.payload).toMatchObject({ type: "signature.signed", data: { document: { id, file_name: "Contrato Ñandú.pdf" }, signature: { id: people[0]!.id, name: "Begoña Núñez", rfc: "GODE561231GR8", type: "EFIRMA" } } });
    expect(sent[2]!.payload).toMatchObject({ type: "document.completed", data: { document: { id, sign_status: 2 }, sealed_hash: expect.stringMatching(/^[0-9A-F]{64}$/), constancy: { tsa: "Rúbrica TSA" } } });
  }, 60_000);

  it("sends signature.rejected, and nothing to owners without a URL", async () => {
    const owner = await ownerWithHook();
    const id = await seedDocument(owner.actor);
    const [first] = await getDb().select().from(signatories).where(eq(signatories.documentId, id)).orderBy(asc(signatories.position));
    await rejectSignatory(getDb(), first!.id, "No estoy de acuerdo", { ip: null });
    expect((await deliveries(owner.user.id)).map((d) => [d.eventType, (d.payload as { data: { signature: { rejected_reason: string } } }).data.signature.rejected_reason])).toEqual([["signature.rejected", "No estoy de acuerdo"]]);

    const quiet = await seedUserWithKey();
    const other = await seedDocument(quiet.actor);
    const [signer] = await getDb().select().from(signatories).where(eq(signatories.documentId, other));
    // The rejection happens (so "no delivery" is not vacuous); a second one is refused.
    await expect(rejectSignatory(getDb(), signer!.id, "No", { ip: null })).resolves.toBeUndefined();
    const [rejected] = await getDb().select().from(documents).where(eq(documents.id, other));
    expect(rejected).toMatchObject({ signStatus: 3, rejectedMessage: "No" });
    await expect(rejectSignatory(getDb(), signer!.id, "Tampoco", { ip: null })).rejects.toMatchObject({ name: "AppError", code: "CONFLICT", message: "You already rejected this document." });
    expect(await deliveries(quiet.user.id)).toEqual([]);
    // The refused rejection sent nothing to the owner with a URL either.
    await expect(rejectSignatory(getDb(), first!.id, "Otra vez", { ip: null })).rejects.toMatchObject({ code: "CONFLICT", message: "You already rejected this document." });
    expect((await deliveries(owner.user.id)).map((d) => d.eventType)).toEqual(["signature.rejected"]);
  }, 60_000);

  it("accepts only http(s) URLs, and null to stop", async () => {
    const owner = await seedUserWithKey();
    const put = (url: unknown) => call(PUT, "/api/dashboard/signing-webhook", { method: "PUT", headers: { "x-api-key": owner.key, "content-type": "application/json" }, body: JSON.stringify({ url }) });
    expect((await put("ftp://x.example.com")).status).toBe(422);
    expect((await put(null)).status).toBe(200);
  });
});
