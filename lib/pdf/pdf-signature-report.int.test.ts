import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { documents } from "@/lib/db/schema";
import { sealDocument } from "@/lib/services/signing/seal-document";
import { signatureTrust } from "@/lib/services/signing/signature-trust";
import { seedSignedDocument } from "@/test/factories/signing";
import { eq } from "drizzle-orm";
import { reportPdfSignatures } from "./pdf-signature-report";

// Our own sealed files, judged from their bytes alone as anyone's would be: every signature
// intact and chained to a configured root.
describe("reportPdfSignatures on a file Rúbrica sealed", () => {
  it("reports the seal and the document time stamp valid, covering the file, chained to the platform", async () => {
    const { id } = await seedSignedDocument();
    expect(await sealDocument(getDb(), id)).toBe("sealed");
    const [row] = await getDb().select().from(documents).where(eq(documents.id, id));
    const sealed = new Uint8Array(await fileStorage().get(row!.sealedHash!));
    const reports = await reportPdfSignatures(sealed, await signatureTrust());
    expect(reports.length).toBeGreaterThanOrEqual(2);
    for (const r of reports) expect(r, JSON.stringify(r)).toMatchObject({ integrity: "valid", trusted_type: "PLATFORM", chain_problem: null });
    expect(reports.map((r) => r.kind)).toEqual([...reports.slice(0, -1).map(() => "signature"), "document-timestamp"]);
    expect(reports.at(-1)!.covers_whole_file).toBe(true);
    expect(reports[0]!.timestamp).toMatchObject({ valid: true });
  }, 120_000);
});
