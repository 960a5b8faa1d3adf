import { describe, expect, it } from "vitest";
import { canonicalJson, chainHash, firstBrokenLink, GENESIS_HASH } from "./audit-chain";

const event = (seq: number, action: string) => ({ seq, documentId: "0b6f8f4e-4c1a-4f7e-9a57-0f2d8d1e6a10", action, actorUserId: null, subjectType: "signatory", subjectId: "s1", data: { b: 1, a: [2, { z: 1, y: "ñ" }] }, ip: "203.0.113.1", createdAt: new Date(Date.UTC(2026, 10, 22, 0, 0, seq)) });

function chain(actions: string[]) {
  let prev = GENESIS_HASH;
  return actions.map((a, i) => {
    const e = event(i + 1, a);
    const hash = chainHash(prev, e);
    const linked = { ...e, prevHash: prev, hash };
    prev = hash;
    return linked;
  });
}

describe("audit hash chain", () => {
  it("canonical JSON sorts keys at every level", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"e":3,"f":2}]},"b":1}');
  });

  it("is intact as written and independent of key order", () => {
    const events = chain(["signature.viewed", "signature.signed", "document.sealed"]);
    expect(firstBrokenLink(events)).toBe(-1);
    const reordered = events.map((e) => ({ ...e, data: { a: e.data.a, b: e.data.b } }));
    expect(firstBrokenLink(reordered)).toBe(-1);
  });

  it("breaks where an event is changed, removed or reordered", () => {
    const events = chain(["a", "b", "c", "d"]);
    expect(firstBrokenLink(events.map((e, i) => (i === 2 ? { ...e, ip: "198.51.100.9" } : e)))).toBe(2);
    expect(firstBrokenLink([events[0]!, events[2]!, events[3]!])).toBe(1);
    expect(firstBrokenLink([events[1]!, events[0]!])).toBe(0);
  });
});
