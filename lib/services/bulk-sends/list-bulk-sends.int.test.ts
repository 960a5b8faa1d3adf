import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { makePdf } from "@/test/factories/documents";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { POST as createTemplate } from "@/app/v1/templates/route";
import { POST as startBulkSend } from "@/app/v1/templates/[id]/bulk-sends/route";
import { deleteTemplate } from "@/lib/services/templates/delete-template";
import { findBulkSend } from "./find-bulk-send";
import { listBulkSends } from "./list-bulk-sends";
import { runBulkSend } from "./run-bulk-send";

const header = "deudor.nombre,deudor.email";
const auth = (key: string) => ({ authorization: `Bearer ${key}` });

async function seedTemplate(key: string, name: string) {
  const form = new FormData();
  form.set("file", new File([(await makePdf(1)) as BlobPart], "pagare.pdf", { type: "application/pdf" }));
  form.set("template", JSON.stringify({ name, roles: [{ key: "deudor", label: "Deudor" }], notification_mode: "DISABLED" }));
  const res = await call(createTemplate, "/v1/templates", { method: "POST", headers: auth(key), body: form });
  return (await res.json()).data.id as string;
}

async function send(key: string, templateId: string, rows: string[]) {
  const res = await call(startBulkSend, `/v1/templates/${templateId}/bulk-sends`, { method: "POST", headers: { ...auth(key), "content-type": "text/csv" }, body: [header, ...rows].join("\n"), params: { id: templateId } });
  expect(res.status).toBe(202);
  return (await res.json()).data.id as string;
}

describe("the dashboard's list of past bulk sends", () => {
  it("lists the account's own sends, newest first, with template, rows, made, refused and status; never another account's", async () => {
    const owner = await seedUserWithKey();
    const stranger = await seedUserWithKey();
    const pagare = await seedTemplate(owner.key, "Pagaré");
    const first = await send(owner.key, pagare, ["Ana,ana@example.com", "Luis,no-es-correo", "Eva,eva@example.com"]);
    await runBulkSend(getDb(), first, { size: 10, pauseMs: 0 });
    const second = await send(owner.key, await seedTemplate(owner.key, "Carta"), ["Sol,sol@example.com"]);
    const strangers = await send(stranger.key, await seedTemplate(stranger.key, "Ajena"), ["Rey,rey@example.com"]);

    const listed = await listBulkSends(getDb(), owner.actor);
    expect(listed.map(({ createdAt, ...rest }) => (expect(createdAt).toBeInstanceOf(Date), rest))).toEqual([
      { id: second, templateId: expect.any(String), templateName: "Carta", status: "QUEUED", totalRows: 1, createdCount: 0, failedCount: 0 },
      { id: first, templateId: pagare, templateName: "Pagaré", status: "DONE", totalRows: 3, createdCount: 2, failedCount: 1 },
    ]);
    expect((await listBulkSends(getDb(), stranger.actor)).map((s) => s.id)).toEqual([strangers]);

    // Another account's send is not reachable either: its progress page asks findBulkSend, which says "not found".
    await expect(findBulkSend(getDb(), stranger.actor, first)).rejects.toThrow(AppError);
    await expect(findBulkSend(getDb(), stranger.actor, first)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await findBulkSend(getDb(), owner.actor, first, { status: "FAILED" })).rows).toEqual([{ row: 2, status: "FAILED", documentId: null, errors: { "roles.deudor.email": ["Must be an e-mail address."] } }]);

    // A deleted template leaves its sends listed, without a name.
    await deleteTemplate(getDb(), owner.actor, pagare);
    expect((await listBulkSends(getDb(), owner.actor)).find((s) => s.id === first)).toMatchObject({ templateId: null, templateName: null, createdCount: 2 });
  });
});
