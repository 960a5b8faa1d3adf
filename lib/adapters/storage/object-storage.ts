import crypto from "node:crypto";
import type { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import type { ObjectStoreConfig } from "@/lib/env";
import { missingFile, sha256Hex, storageKey, tooLarge, type FileStorage, type StorageLimits } from "./file-storage";

/**
 * The same content-addressed store in an S3-compatible bucket (AWS S3, MinIO, Garage, R2…), for
 * instances on several machines. Keys are <prefix>/AB/CD/<SHA-256>; an object is written once
 * and never changed, so no locking is needed between instances: two writers of the same key
 * write the same bytes.
 */
export function objectStorage(config: ObjectStoreConfig, limits: StorageLimits): FileStorage {
  // The SDK loads in a few hundred milliseconds: only processes that touch the store pay it.
  let connecting: Promise<{ client: S3Client; sdk: typeof import("@aws-sdk/client-s3") }> | undefined;
  const connect = () =>
    (connecting ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: config.credentials,
        // The SDK adds CRC32 checksums in aws-chunked bodies by default since 2025, which several
        // S3-compatible servers refuse; send and check them only where the operation requires
        // them. Content-MD5 below still lets the store reject a body damaged on the way.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        maxAttempts: 3,
      }),
    })));
  const keyOf = (sha256: string) => (config.prefix ? `${config.prefix}/` : "") + storageKey(sha256);
  const isMissing = (err: unknown) => {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e.$metadata?.httpStatusCode === 404 || e.name === "NoSuchKey" || e.name === "NotFound";
  };

  return {
    async put(bytes) {
      if (bytes.byteLength > limits.maxBytes) throw tooLarge(bytes.byteLength, limits);
      const sha256 = sha256Hex(bytes);
      const Key = keyOf(sha256);
      const { client, sdk } = await connect();
      const stored = await client.send(new sdk.HeadObjectCommand({ Bucket: config.bucket, Key })).then(
        (head) => head.ContentLength === bytes.byteLength,
        (err) => {
          if (isMissing(err)) return false;
          throw err;
        },
      );
      if (!stored) {
        const md5 = crypto.createHash("md5").update(bytes).digest("base64");
        // One PUT is atomic in S3: a reader sees the whole object or none.
        await client.send(
          new sdk.PutObjectCommand({ Bucket: config.bucket, Key, Body: bytes, ContentLength: bytes.byteLength, ContentMD5: md5, ContentType: "application/octet-stream" }),
        );
      }
      return { sha256, size: bytes.byteLength };
    },
    async get(sha256) {
      const { client, sdk } = await connect();
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: config.bucket, Key: keyOf(sha256) })).catch((err) => {
        throw isMissing(err) ? missingFile(sha256) : err;
      });
      const body = answer.Body as Readable | undefined;
      if (!body) throw missingFile(sha256);
      if ((answer.ContentLength ?? 0) > limits.maxBytes) {
        body.destroy();
        throw tooLarge(answer.ContentLength!, limits);
      }
      // Read the stream counting, rather than the SDK's transformToByteArray, so a length the
      // store did not announce still stops at the limit.
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of body) {
        size += (chunk as Buffer).byteLength;
        if (size > limits.maxBytes) {
          body.destroy();
          throw tooLarge(size, limits);
        }
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks, size);
    },
  };
}
