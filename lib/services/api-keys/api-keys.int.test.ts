import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { apiKeys } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { seedUserWithKey } from "@/test/factories/seed";
import { authenticateApiKey, VERIFIED_KEY_TTL_MS } from "./authenticate-api-key";
import { listApiKeys } from "./list-api-keys";
import { revokeApiKey } from "./revoke-api-key";

describe("API keys", () => {
  it("are stored as a hash with a visible prefix, never in plain text", async () => {
    const { key, apiKey } = await seedUserWithKey();
    const [row] = await getDb().select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.prefix).toBe(key.slice(0, 10));
  });

  it("record when they were last used", async () => {
    const { key, apiKey, actor } = await seedUserWithKey();
    expect((await listApiKeys(getDb(), actor))[0]!.lastUsedAt).toBeNull();
    expect(await authenticateApiKey(getDb(), key)).toMatchObject({ userId: actor.userId, via: "apiKey", apiKeyId: apiKey.id });
    expect((await listApiKeys(getDb(), actor))[0]!.lastUsedAt).toBeInstanceOf(Date);
  });

  it("are listed and revoked only by their owner", async () => {
    const owner = await seedUserWithKey();
    const stranger = await seedUserWithKey();
    expect((await listApiKeys(getDb(), stranger.actor)).map((k) => k.id)).toEqual([stranger.apiKey.id]);
    const err = await revokeApiKey(getDb(), stranger.actor, owner.apiKey.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("NOT_FOUND");
    expect(await authenticateApiKey(getDb(), owner.key)).not.toBeNull();
    await revokeApiKey(getDb(), owner.actor, owner.apiKey.id);
    await revokeApiKey(getDb(), owner.actor, owner.apiKey.id); // twice is fine
    expect(await authenticateApiKey(getDb(), owner.key)).toBeNull();
    expect((await listApiKeys(getDb(), owner.actor))[0]!.revokedAt).toBeInstanceOf(Date);
  });

  it("stop working at most VERIFIED_KEY_TTL_MS after another process revokes them", async () => {
    const { key, apiKey } = await seedUserWithKey();
    expect(await authenticateApiKey(getDb(), key)).not.toBeNull();
    // Another instance revokes it: this process's memory of the key does not hear of it.
    await getDb().update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, apiKey.id));
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + VERIFIED_KEY_TTL_MS + 1 });
    try {
      expect(await authenticateApiKey(getDb(), key)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
