import { and, asc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import * as schema from "@/lib/db/schema";
import { auditEvents, signatories } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { auditEventsWritten } from "@/lib/services/audit/record-audit-event-later";
import { holdAuditChain, settlesWithin } from "@/test/audit-chain-lock";
import { seedDocument } from "@/test/factories/documents";
import { seedUserWithKey } from "@/test/factories/seed";
import { openSigningPage } from "./open-signing-page";

// A database handle that writes down every statement it sends (postgres.js's debug hook).
const statements: string[] = [];
const client = postgres(env().DATABASE_URL!, { max: 4, onnotice: () => {}, debug: (_connection, query) => statements.push(query) });
const counted = drizzle(client, { schema });
afterAll(() => client.end());

async function aLink() {
  const owner = await seedUserWithKey();
  const documentId = await seedDocument(owner.actor);
  const [first] = await getDb().select().from(signatories).where(eq(signatories.documentId, documentId)).orderBy(asc(signatories.position));
  return { id: first!.id, documentId };
}

describe("openSigningPage: what the signer's page shows, from one load", () => {
  it("answers without waiting for the view's audit event, reads the link once, and records the view after", async () => {
    const link = await aLink();
    const views = () => getDb().select().from(auditEvents).where(and(eq(auditEvents.subjectId, link.id), eq(auditEvents.action, "signature.viewed")));
    const chain = await holdAuditChain(link.documentId);
    try {
      statements.length = 0;
      const opening = openSigningPage(counted, link.id, { ip: "198.51.100.9" });
      expect(await settlesWithin(opening, 5_000)).toBe(true);
      const page = await opening;
      expect(page.view.signer.name).toBe("Begoña Núñez");
      expect(page.view.document.pages).toBe(2);
      expect(page.pageSizes).toHaveLength(2);
      expect(page.brand?.name).toBeTruthy();
      // The link with its document and owner, its signers, the owner's brand: nothing read twice.
      // (Not counted: the audit event's writes, and postgres.js's type lookup on a new connection.)
      const reads = statements.filter((q) => !/audit|advisory|pg_catalog|^begin|^commit/i.test(q.trim()));
      expect(reads).toHaveLength(3);
      expect(await views()).toEqual([]);
    } finally {
      await chain.release();
    }
    await auditEventsWritten();
    expect((await views()).map((e) => e.ip)).toEqual(["198.51.100.9"]);
  });

  it("is NOT_FOUND for an unknown link, and records nothing", async () => {
    const unknown = crypto.randomUUID();
    await expect(openSigningPage(getDb(), unknown, { ip: null })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await auditEventsWritten();
    expect(await getDb().select().from(auditEvents).where(eq(auditEvents.subjectId, unknown))).toEqual([]);
  });
});
