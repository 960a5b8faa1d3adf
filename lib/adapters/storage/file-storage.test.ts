import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { filesystemStorage } from "./file-storage";

describe("filesystemStorage", () => {
  const root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "rubrica-storage-")), "files");
  afterAll(() => fs.rmSync(path.dirname(root), { recursive: true, force: true }));

  it("writes files 0600 and the folders it makes 0700, whatever the umask", async () => {
    const previous = process.umask(0o022);
    try {
      const { sha256 } = await filesystemStorage(root).put(new TextEncoder().encode("%PDF-1.7 identificación"));
      const file = path.join(root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      for (const dir of [root, path.dirname(path.dirname(file)), path.dirname(file)]) expect(fs.statSync(dir).mode & 0o777, dir).toBe(0o700);
    } finally {
      process.umask(previous);
    }
  });
});
