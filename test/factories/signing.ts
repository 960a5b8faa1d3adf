import { asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { PEER_ADDRESS_HEADER } from "@/lib/http/rate-limit";
import { documents, signatories } from "@/lib/db/schema";
import { signSignatory } from "@/lib/services/signing/sign-signatory";
import { signBodyFor, testSigner } from "./certificates";
import { seedDocument } from "./documents";
import { seedUserWithKey } from "./seed";
import { call } from "../http";

/** A document waiting for its signers: the owner, its id, the signatories in order and the original hash. */
export async function seedDocumentToSign(fields: Record<string, unknown> = {}, owner?: Awaited<ReturnType<typeof seedUserWithKey>>) {
  const who = owner ?? (await seedUserWithKey());
  const id = await seedDocument(who.actor, fields);
  const people = await getDb().select().from(signatories).where(eq(signatories.documentId, id)).orderBy(asc(signatories.position));
  const [doc] = await getDb().select().from(documents).where(eq(documents.id, id));
  return { owner: who, id, people, hash: doc!.originalHash };
}

/** A document whose signers have all signed with sandbox e.firma certificates (not yet sealed). */
export async function seedSignedDocument(fields: Record<string, unknown> = {}) {
  const { owner, id } = await seedDocumentToSign(fields, await seedUserWithKey({ name: "Sofía Peña Núñez" }));
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

type Handler = Parameters<typeof call>[0];

/** POST to a signing-link endpoint as the signer's browser does, from the client address `ip` (the socket's peer; TRUST_PROXY is off). */
export const postAsSigner = (handler: Handler, signatureId: string, body: unknown, ip = "198.51.100.1") =>
  call(handler, `/v1/signatures/${signatureId}/x`, { method: "POST", headers: { "content-type": "application/json", [PEER_ADDRESS_HEADER]: ip }, body: JSON.stringify(body), params: { signatureId } });
