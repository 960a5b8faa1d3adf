/**
 * A bounded memory of values made from byte strings (certificates), looked up by content: a
 * 32-bit FNV-1a hash of the bytes picks a bucket and the bytes themselves decide. The string
 * key it replaces (one character per byte) cost more to build than the rest of a lookup, and a
 * seal looks certificates up some thirty times. Browser-safe.
 */
export function byContent<T>(limit: number, make: (bytes: Uint8Array) => T): (bytes: Uint8Array) => T {
  let buckets = new Map<number, { bytes: Uint8Array; value: T }[]>();
  let size = 0;
  return (bytes) => {
    const hash = fnv1a(bytes);
    const bucket = buckets.get(hash) ?? [];
    const found = bucket.find((entry) => sameBytes(entry.bytes, bytes));
    if (found) return found.value;
    if (size >= limit) [buckets, size] = [new Map(), 0];
    // A copy: the caller may reuse its buffer.
    const copy = new Uint8Array(bytes);
    const value = make(copy);
    buckets.set(hash, [...(buckets.get(hash) ?? []), { bytes: copy, value }]);
    size++;
    return value;
  };
}

function fnv1a(bytes: Uint8Array): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
  return hash >>> 0;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
