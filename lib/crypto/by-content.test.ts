import { describe, expect, it } from "vitest";
import { byContent } from "./by-content";

describe("values remembered by byte content", () => {
  it("makes a value once per content, whatever the array, and keeps its own copy", () => {
    let made = 0;
    const lookup = byContent(8, (bytes) => ({ n: ++made, first: bytes[0] }));
    const buffer = Uint8Array.of(1, 2, 3);
    const first = lookup(buffer);
    expect(lookup(Uint8Array.of(1, 2, 3))).toBe(first);
    buffer[0] = 9; // the caller reuses its buffer
    expect(lookup(Uint8Array.of(1, 2, 3))).toBe(first);
    expect(lookup(Uint8Array.of(9, 2, 3))).not.toBe(first);
    expect(lookup(Uint8Array.of(1, 2))).not.toBe(first);
    expect(made).toBe(3);
  });

  it("forgets everything once the limit is reached", () => {
    const lookup = byContent(2, (bytes) => ({ first: bytes[0] }));
    const a = lookup(Uint8Array.of(1));
    lookup(Uint8Array.of(2));
    lookup(Uint8Array.of(3));
    expect(lookup(Uint8Array.of(1))).not.toBe(a);
  });
});
