import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { startS3Server } from "@/test/s3-server";
import { filesystemStorage, sha256Hex, type FileStorage, type StorageLimits } from "./file-storage";
import { objectStorage } from "./object-storage";
import { fileStorage } from "./storage";

// One contract, two stores: the local directory and a real S3-compatible server (S3rver over
// HTTP with Signature V4). What passes for one must pass for the other.

let s3: Awaited<ReturnType<typeof startS3Server>>;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "rubrica-files-"));
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

const stores: [string, (limits?: StorageLimits) => FileStorage][] = [
  ["filesystem", (limits) => filesystemStorage(root, limits)],
  ["S3-compatible", (limits = { maxBytes: 64 * 1024 * 1024 }) => objectStorage(s3.config("rubrica/files"), limits)],
];

const randomBytes = (size: number) => new Uint8Array(crypto.randomBytes(size));

describe.each(stores)("%s storage", (_name, store) => {
  it("gives back the bytes it was given, under their uppercase SHA-256", async () => {
    const bytes = new TextEncoder().encode(`%PDF-1.7 contrato de arrendamiento ñ ${Math.random()}`);
    const { sha256, size } = await store().put(bytes);
    expect(sha256).toBe(sha256Hex(bytes));
    expect(sha256).toMatch(/^[0-9A-F]{64}$/);
    expect(size).toBe(bytes.byteLength);
    expect(Buffer.compare(await store().get(sha256), Buffer.from(bytes))).toBe(0);
  });

  it("keeps a file of a few MiB intact", async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const { sha256 } = await store().put(bytes);
    const back = await store().get(sha256);
    expect(back.byteLength).toBe(bytes.byteLength);
    expect(sha256Hex(back)).toBe(sha256);
  });

  it("stores the same bytes once, whoever writes them, even at the same time", async () => {
    const bytes = randomBytes(200_000);
    // Two instances (two clients) writing the same sealed PDF at once.
    const results = await Promise.all([store().put(bytes), store().put(bytes), store().put(bytes)]);
    expect(new Set(results.map((r) => r.sha256)).size).toBe(1);
    expect(sha256Hex(await store().get(results[0].sha256))).toBe(results[0].sha256);
  });

  it("says ENOENT for a file it does not have", async () => {
    const absent = sha256Hex(new TextEncoder().encode(`never stored ${Math.random()}`));
    await expect(store().get(absent)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("refuses keys that are not a SHA-256, so no path or key can be smuggled in", async () => {
    await expect(store().get("../../etc/passwd")).rejects.toThrow(/SHA-256/);
    await expect(store().get("ab".repeat(32))).rejects.toThrow(/SHA-256/);
  });

  it("refuses to write or read a file above its size limit", async () => {
    const bytes = randomBytes(10_000);
    await expect(store({ maxBytes: 9_999 }).put(bytes)).rejects.toThrow(/exceeds the limit/);
    const { sha256 } = await store().put(bytes);
    await expect(store({ maxBytes: 9_999 }).get(sha256)).rejects.toThrow(/exceeds the limit/);
    expect((await store({ maxBytes: 10_000 }).get(sha256)).byteLength).toBe(10_000);
  });
});

describe("S3-compatible storage", () => {
  it("writes under the prefix of STORAGE_URL, fanned out like the directory", async () => {
    const bytes = new TextEncoder().encode(`prefijo ${Math.random()}`);
    const { sha256 } = await objectStorage(s3.config("tenant-a/files"), { maxBytes: 1024 }).put(bytes);
    // S3rver keeps each object as <bucket>/<key>._S3rver_object on its disk.
    const onDisk = path.join(s3.directory, "rubrica-test", "tenant-a", "files", sha256.slice(0, 2), sha256.slice(2, 4), `${sha256}._S3rver_object`);
    expect(fs.readFileSync(onDisk).toString()).toBe(new TextDecoder().decode(bytes));
  });

  it("fails with the server's refusal when the credentials are wrong", async () => {
    const wrong = { ...s3.config(), credentials: { accessKeyId: "S3RVER", secretAccessKey: "not-the-secret" } };
    await expect(objectStorage(wrong, { maxBytes: 1024 }).put(new TextEncoder().encode("x"))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
  });

  it("is what fileStorage() uses when STORAGE_URL is set", async () => {
    const saved = process.env.STORAGE_URL;
    process.env.STORAGE_URL = s3.url("configured");
    resetEnvCache();
    try {
      const bytes = new TextEncoder().encode(`por configuración ${Math.random()}`);
      const { sha256 } = await fileStorage().put(bytes);
      expect((await objectStorage(s3.config("configured"), { maxBytes: 1024 }).get(sha256)).toString()).toBe(new TextDecoder().decode(bytes));
      await expect(filesystemStorage(root).get(sha256)).rejects.toMatchObject({ code: "ENOENT" });
    } finally {
      if (saved === undefined) delete process.env.STORAGE_URL;
      else process.env.STORAGE_URL = saved;
      resetEnvCache();
    }
  });
});
