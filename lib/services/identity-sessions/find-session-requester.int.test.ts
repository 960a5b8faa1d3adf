import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { createSessionV3Body } from "@/lib/schemas/identity-sessions";
import { seedUser } from "@/test/factories/seed";
import { createIdentitySession } from "./create-identity-session";
import { findSessionRequester } from "./find-session-requester";
import { sessionByFormToken } from "./verification-form";

describe("who asks for a verification", () => {
  it("is the account that created the session, found from the page's token, each session its own owner's", async () => {
    const { actor: constructora } = await seedUser({ name: "Constructora Ñandú, S.A. de C.V." });
    const { actor: otra } = await seedUser({ name: "Financiera Peña" });
    const mine = await createIdentitySession(getDb(), constructora, createSessionV3Body.parse({}), { apiVersion: 3 });
    const theirs = await createIdentitySession(getDb(), otra, createSessionV3Body.parse({}), { apiVersion: 3 });

    expect(await findSessionRequester(getDb(), await sessionByFormToken(getDb(), mine.formToken))).toBe("Constructora Ñandú, S.A. de C.V.");
    expect(await findSessionRequester(getDb(), await sessionByFormToken(getDb(), theirs.formToken))).toBe("Financiera Peña");
  });
});
