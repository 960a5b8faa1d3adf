import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { folderMemberships, users, workFolders } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { createUser } from "./create-user";
import { verifyCredentials } from "./verify-credentials";

describe("createUser", () => {
  it("gives every new user a default folder named «mis documentos» that they own", async () => {
    const user = await createUser(getDb(), { name: "Íñigo Muñoz", email: "Inigo@Example.com", password: "contraseña-1" });
    expect(user.email).toBe("inigo@example.com");
    expect(user.name).toBe("Íñigo Muñoz");
    const folders = await getDb()
      .select({ name: workFolders.name, isDefault: workFolders.isDefault, role: folderMemberships.role, timeZone: workFolders.timeZone, logo: workFolders.logo })
      .from(folderMemberships)
      .innerJoin(workFolders, eq(workFolders.id, folderMemberships.folderId))
      .where(eq(folderMemberships.userId, user.id));
    expect(folders).toEqual([{ name: "mis documentos", isDefault: true, role: "owner", timeZone: "America/Mexico_City", logo: "" }]);
  });

  it("stores an argon2id hash, never the password", async () => {
    const user = await createUser(getDb(), { name: "A", email: "hash@example.com", password: "contraseña-1" });
    const [row] = await getDb().select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(row!.hash).toMatch(/^\$argon2id\$/);
    expect(row!.hash).not.toContain("contraseña-1");
    expect(await verifyCredentials(getDb(), "HASH@example.com", "contraseña-1")).toMatchObject({ id: user.id });
    expect(await verifyCredentials(getDb(), "hash@example.com", "wrong-password")).toBeNull();
    expect(await verifyCredentials(getDb(), "nobody@example.com", "contraseña-1")).toBeNull();
  });

  it("refuses a second account with the same e-mail, whatever its case, and leaves no orphan folder", async () => {
    await createUser(getDb(), { name: "A", email: "dup@example.com", password: "contraseña-1" });
    const before = await getDb().$count(workFolders);
    const err = await createUser(getDb(), { name: "B", email: "DUP@example.com", password: "contraseña-2" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("CONFLICT");
    expect(await getDb().$count(workFolders)).toBe(before);
  });
});
