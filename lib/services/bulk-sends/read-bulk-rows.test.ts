import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import type { DraftTemplate } from "@/lib/services/templates/template-draft";
import { readBulkRows } from "./read-bulk-rows";

const template = {
  id: "00000000-0000-4000-8000-000000000001",
  fileName: "pagare.pdf",
  roles: [
    { key: "deudor", label: "Deudor", rfc: null, positions: null },
    { key: "aval", label: "Aval", rfc: "GODE561231GR8", positions: null },
  ],
  signatureOrdered: "INACTIVE",
  notificationMode: "ENABLED",
  signPosition: "DEFAULT",
  allowTypeSignatures: ["EFIRMA"],
  tries: 3,
  rememberEvery: 1,
  rememberAt: "09:00:00",
  redirectUrl: null,
} satisfies DraftTemplate;

const refusal = async (text: string, format: "csv" | "jsonl" = "csv") => {
  const err = await readBulkRows(text, format, template).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return { code: (err as AppError).code, errors: (err as AppError).errors };
};

describe("readBulkRows", () => {
  it("reads CSV as spreadsheets write it: a BOM, CRLF, quoted commas and quotes, English column names, blank optional cells", async () => {
    const csv = '\uFEFFDeudor.Name,deudor.email,deudor.phone,aval.nombre,aval.correo,aval.rfc,archivo\r\n"Peña, Begoña ""Bego""",BEGONA@example.com,55 1234 5678,Aval Uno,aval@example.com,,\r\n';
    expect(await readBulkRows(csv, "csv", template)).toEqual([
      { row: 1, input: { roles: { deudor: { name: 'Peña, Begoña "Bego"', email: "begona@example.com", phone: "+525512345678" }, aval: { name: "Aval Uno", email: "aval@example.com" } } } },
    ]);
  });

  it("reports a row's own faults and keeps reading: cells that do not match the header, a bad e-mail, another RFC than the role's", async () => {
    const csv = ["deudor.nombre,deudor.email,aval.nombre,aval.email,aval.rfc", "A,a@example.com,B", "A,no,B,b@example.com,", "A,a@example.com,B,b@example.com,PEAJ800101AB1", "A,a@example.com,B,b@example.com,GODE561231GR8"].join("\n");
    const rows = await readBulkRows(csv, "csv", template);
    expect(rows.map((r) => ("errors" in r ? r.errors : "ok"))).toEqual([
      { row: ["This line has 3 cells; the header has 5."] },
      { "roles.deudor.email": ["Must be an e-mail address."] },
      { "roles.aval.rfc": ["This role's RFC is fixed by the template: GODE561231GR8."] },
      "ok",
    ]);
  });

  it("refuses the file as a whole for its header, no rows, more than 10,000 rows or broken CSV", async () => {
    expect(await refusal("deudor.nombre,deudor.email,aval.nombre\nA,a@example.com,B")).toEqual({ code: "INVALID", errors: { header: ["Missing column aval.email."] } });
    expect((await refusal("deudor.nombre,deudor.email,aval.nombre,aval.email,deudor.edad\n")).errors!.header![0]).toMatch(/^Unknown column «deudor.edad»/);
    expect(await refusal("deudor.nombre,deudor.email,aval.nombre,aval.email\n")).toMatchObject({ code: "INVALID", errors: { body: [expect.stringMatching(/^No rows/)] } });
    expect((await refusal('deudor.nombre,deudor.email,aval.nombre,aval.email\n"A,a@example.com,B,b@example.com')).errors!.body![0]).toMatch(/^Not valid CSV/);
    const many = ["deudor.nombre,deudor.email,aval.nombre,aval.email", ...Array.from({ length: 10_001 }, (_, i) => `A,a${i}@example.com,B,b${i}@example.com`)].join("\n");
    expect((await refusal(many)).code).toBe("PAYLOAD_TOO_LARGE");
    expect((await refusal(Array.from({ length: 10_001 }, () => "{}").join("\n"), "jsonl")).code).toBe("PAYLOAD_TOO_LARGE");
  });
});
