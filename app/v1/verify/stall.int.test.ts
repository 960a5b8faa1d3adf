import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { deepXml } from "@/test/hostile-bodies";
import { signatureGapPdf } from "@/test/hostile-pdfs";
import { freePort, groupAlive, launch, postgresOf, waitFor } from "@/test/launcher";

// Issue 63 through the real server (server.ts, as lib/runtime/shutdown-server.int.test.ts starts
// it: the production build where there is one, development mode otherwise). Before, an anonymous
// 17.5 MB XML nested 2.5 million deep held the whole process 43 s (/api/health answered after
// it), and a PDF with a 16-million-digit /Contents gap got a 500. Now each hostile file is refused
// with 422 while /api/health keeps answering.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rubrica-verify-stall-"));
fs.chmodSync(dataDir, 0o755);
const started: number[] = [];

afterAll(async () => {
  for (const pgid of started) if (groupAlive(pgid)) process.kill(-pgid, "SIGTERM");
  await new Promise((r) => setTimeout(r, 5000));
  for (const pgid of started) if (groupAlive(pgid)) process.kill(-pgid, "SIGKILL");
  for (const pid of postgresOf(dataDir)) process.kill(pid, "SIGQUIT");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const BUILT = fs.existsSync(path.join(".next", "BUILD_ID"));

describe("POST /v1/verify on the real server", () => {
  it("abuse: anonymous hostile XML depth, many ByteRanges and a huge gap are refused with 422 while /api/health answers", async () => {
    const port = await freePort();
    const server = launch(["server.ts", ...(BUILT ? [] : ["--dev"])], { dataDir, port });
    started.push(server.child.pid!);
    const health = () => fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status).catch(() => 0);
    await waitFor("answer from /api/health", async () => (await health()) === 200, server, 240_000);
    const upload = (bytes: Uint8Array, name: string) => {
      const form = new FormData();
      form.set("file", new File([bytes as BlobPart], name));
      return fetch(`http://127.0.0.1:${port}/v1/verify`, { method: "POST", body: form });
    };
    // The route compiled (development mode) and its worker warm, so what follows is the files' work.
    expect((await upload(deepXml(10), "small.xml")).status).toBe(200);

    const answered: string[] = [];
    const note = (what: string) => (status: number) => (answered.push(`${what} ${status}`), status);
    const hostile = [
      upload(deepXml(2_500_000), "deep.xml").then((r) => r.status).then(note("deep XML")),
      upload(signatureGapPdf({ ranges: 100, gapBytes: 3_000_000 }), "ranges.pdf").then((r) => r.status).then(note("100 ranges")),
      upload(signatureGapPdf({ ranges: 1, gapBytes: 16_000_000 }), "gap.pdf").then((r) => r.status).then(note("huge gap")),
    ];
    const healthy = health().then(note("health"));
    expect(await Promise.all(hostile)).toEqual([422, 422, 422]);
    expect(await healthy).toBe(200);
    console.log(`answered in this order: ${answered.join(", ")}`);
    expect(await health()).toBe(200);
  }, 600_000);
});
