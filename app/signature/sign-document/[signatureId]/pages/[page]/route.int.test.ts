import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { auditEvents, documents, signatories } from "@/lib/db/schema";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { pagePng } from "@/lib/pdf/page-raster";
import { readUploadedPdf } from "@/lib/services/documents/read-uploaded-pdf";
import { keepUploadedPictures } from "@/lib/services/signing/signing-page-images";
import { auditEventsWritten } from "@/lib/services/audit/record-audit-event-later";
import { cancelDocument } from "@/lib/services/documents/cancel-document";
import { seedDocument } from "@/test/factories/documents";
import { seedUserWithKey } from "@/test/factories/seed";
import { holdAuditChain, settlesWithin } from "@/test/audit-chain-lock";
import { call } from "@/test/http";
import { GET as view } from "@/app/v1/signatures/[signatureId]/route";
import { GET } from "./route";

const box = { page: 2, x: 0.5, y: 0.8, width: 0.35, height: 0.08 };

async function links(overrides: Record<string, unknown> = {}) {
  const owner = await seedUserWithKey();
  const id = await seedDocument(owner.actor, overrides);
  const rows = await getDb().select().from(signatories).where(eq(signatories.documentId, id)).orderBy(asc(signatories.position));
  return Object.assign(rows.map((r) => r.id), { owner, documentId: id });
}

const picture = (signatureId: string, page: string, w?: string) =>
  call(GET, `/signature/sign-document/${signatureId}/pages/${page}${w ? `?w=${w}` : ""}`, { params: { signatureId, page } });

describe("the signing page's boxes and pictures of pages", () => {
  it("tells each signer where the owner asked them to sign, and only them", async () => {
    const [first, second] = await links({
      sign_position: "CUSTOM",
      signatures: [
        { name: "Begoña Núñez", email: "begona@example.com", positions: JSON.stringify([box]) },
        { name: "José Ángel Peña", email: "jose@example.com" },
      ],
    });
    const look = async (signatureId: string) => (await (await call(view, `/v1/signatures/${signatureId}`, { params: { signatureId } })).json()).data;
    expect((await look(first!)).signer.boxes).toEqual([box]);
    expect((await look(second!)).signer.boxes).toEqual([]);
  });

  it("positions sent without sign_position are not dropped: the document is CUSTOM and the signer sees the box", async () => {
    const [first] = await links({ signatures: [{ name: "Begoña Núñez", email: "begona@example.com", positions: JSON.stringify([box]) }] });
    const data = (await (await call(view, `/v1/signatures/${first}`, { params: { signatureId: first! } })).json()).data;
    expect(data.signer.boxes).toEqual([box]);
  });

  it("a signature-sheet document (DEFAULT, no positions) shows no box", async () => {
    const [first] = await links({ sign_position: "DEFAULT", signatures: [{ name: "Begoña Núñez", email: "begona@example.com" }] });
    const data = (await (await call(view, `/v1/signatures/${first}`, { params: { signatureId: first! } })).json()).data;
    expect(data.signer.boxes).toEqual([]);
  });

  it("draws a page as a PNG of the width asked, in the page's proportions (letter)", async () => {
    const [first] = await links();
    const res = await picture(first!, "2", "480");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toContain("private");
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.readUInt32BE(16)).toBe(480);
    expect(Math.abs(png.readUInt32BE(20) - Math.round((480 * 792) / 612))).toBeLessThanOrEqual(1);
  });

  it("shows no page of a cancelled document (as its PDF is not served on the link)", async () => {
    const ids = await links();
    expect((await picture(ids[0]!, "1", "480")).status).toBe(200);
    await cancelDocument(getDb(), ids.owner.actor, ids.documentId);
    for (const id of ids) expect((await picture(id, "1", "480")).status).toBe(404);
  });

  it("refuses widths it does not draw (422), pages the document lacks and unknown links (404)", async () => {
    const [first] = await links();
    const odd = await picture(first!, "1", "500");
    expect(odd.status).toBe(422);
    expect((await odd.json()).errors).toHaveProperty("w");
    expect((await picture(first!, "3")).status).toBe(404);
    expect((await picture(first!, "cero")).status).toBe(422);
    expect((await picture(crypto.randomUUID(), "1")).status).toBe(404);
  });

  it("answers the first page's picture without waiting for its audit event, which is still recorded", async () => {
    const ids = await links();
    const reads = () => getDb().select().from(auditEvents).where(and(eq(auditEvents.subjectId, ids[0]!), eq(auditEvents.action, "signature.document_read")));
    // Another writer holds the document's audit chain: the picture must not queue behind it.
    const chain = await holdAuditChain(ids.documentId);
    try {
      const answer = picture(ids[0]!, "1", "480");
      expect(await settlesWithin(answer, 5_000)).toBe(true);
      expect((await answer).status).toBe(200);
      expect(await reads()).toEqual([]);
    } finally {
      await chain.release();
    }
    await auditEventsWritten();
    expect((await reads()).map((e) => e.data)).toEqual([expect.objectContaining({ documentId: ids.documentId, picture: true, sealed: false })]);
  });

  it("shows no page to a removed signer, nor to an unknown link", async () => {
    const ids = await links();
    await getDb().update(signatories).set({ removedAt: new Date() }).where(eq(signatories.id, ids[1]!));
    expect((await picture(ids[1]!, "1", "480")).status).toBe(404);
    expect((await picture(ids[0]!, "1", "480")).status).toBe(200);
  });

  it("serves the first page's kept picture as MuPDF draws it at that width, not scaled down from the upload's drawing", async () => {
    const ids = await links();
    const [doc] = await getDb().select({ hash: documents.originalHash }).from(documents).where(eq(documents.id, ids.documentId));
    const bytes = await fileStorage().get(doc!.hash);
    // What the upload keeps in the background, awaited here (the upload does not wait for it).
    await keepUploadedPictures(doc!.hash, await readUploadedPdf(bytes, { maxPages: 10 }));
    const served = Buffer.from(await (await picture(ids[0]!, "1", "820")).arrayBuffer());
    const drawn = await pagePng(bytes, 1, 820);
    expect(drawn.ok && served.equals(drawn.png)).toBe(true);
  });
});
