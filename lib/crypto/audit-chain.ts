import { createHash } from "node:crypto";

/**
 * The hash chain of a document's audit events: each event's hash is SHA-256 over the previous
 * hash and the event's fields in canonical JSON (keys sorted, so PostgreSQL's jsonb key order
 * does not matter). Changing, removing or reordering any event breaks every later hash.
 */
export const GENESIS_HASH = "0".repeat(64);

export type ChainedFields = {
  seq: number;
  documentId: string;
  action: string;
  actorUserId: string | null;
  subjectType: string | null;
  subjectId: string | null;
  data: unknown;
  ip: string | null;
  createdAt: Date;
};

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

export function chainHash(prevHash: string, event: ChainedFields): string {
  const { seq, documentId, action, actorUserId, subjectType, subjectId, data, ip, createdAt } = event;
  const body = canonicalJson({ seq, documentId, action, actorUserId, subjectType, subjectId, data, ip, createdAt: createdAt.toISOString() });
  return createHash("sha256").update(prevHash).update("\n").update(body).digest("hex").toUpperCase();
}

/** Index of the first event whose link or hash does not hold, or -1 when the chain is intact. */
export function firstBrokenLink(events: (ChainedFields & { prevHash: string; hash: string })[]): number {
  let prev = GENESIS_HASH;
  for (const [i, e] of events.entries()) {
    if (e.seq !== i + 1 || e.prevHash !== prev || chainHash(prev, e) !== e.hash) return i;
    prev = e.hash;
  }
  return -1;
}
