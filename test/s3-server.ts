import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { ObjectStoreConfig } from "@/lib/env";

// S3rver (the maintained @20minutes fork) is a real S3 HTTP server on the local disk: it checks
// AWS Signature V4 and speaks S3's XML. It ships no types; this is the part the tests use.
type S3rverOptions = { address: string; port: number; directory: string; silent: boolean; configureBuckets: { name: string }[] };
const S3rver = createRequire(path.join(process.cwd(), "package.json"))("@20minutes/s3rver") as new (options: S3rverOptions) => {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
};

/** S3rver's fixed credentials. */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/**
 * Starts an S3-compatible server on a free loopback port with one bucket; `config(prefix)` is an
 * ObjectStoreConfig for it and `url(prefix)` the same as a STORAGE_URL.
 */
export async function startS3Server(bucket = "rubrica-test") {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "rubrica-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    directory,
    endpoint,
    config: (prefix = ""): ObjectStoreConfig => ({ bucket, prefix, endpoint, region: "us-east-1", forcePathStyle: true, credentials: S3RVER_CREDENTIALS }),
    url: (prefix = "") =>
      `s3://${S3RVER_CREDENTIALS.accessKeyId}:${S3RVER_CREDENTIALS.secretAccessKey}@${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&forcePathStyle=true`,
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
