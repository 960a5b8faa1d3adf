import { asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { documents, signatories } from "@/lib/db/schema";
import { signSignatory } from "@/lib/services/signing/sign-signatory";
import { signBodyFor, testSigner } from "./certificates";
import { seedDocument } from "./documents";
import { seedUserWithKey } from "./seed";

/** A document whose signers have all signed with sandbox e.firma certificates (not yet sealed). */
export async function seedSignedDocument(fields: Record<string, unknown> = {}) {
  const owner = await seedUserWithKey({ name: "Sofía Peña Núñez" });
  const id = await seedDocument(owner.actor, fields);
  return { owner, id, ...(await signAllSignatories(id)) };
}

/** Every signer of a document signs its original hash with a sandbox e.firma certificate. */
export async function signAllSignatories(id: string) {
  const people = await getDb().select().from(signatories).where(eq(signatories.documentId, id)).orderBy(asc(signatories.position));
  const [doc] = await getDb().select().from(documents).where(eq(documents.id, id));
  for (const [i, p] of people.entries()) {
    const signer = await testSigner({ name: i ? "JOSÉ ÁNGEL PEÑA" : "BEGOÑA NÚÑEZ", rfc: p.rfc ?? (i ? "MAB9307148T4" : "GODE561231GR8") });
    await signSignatory(getDb(), p.id, await signBodyFor(signer, doc!.originalHash), { ip: "198.51.100.7" });
  }
  return { hash: doc!.originalHash, people };
}
