import { describe, expect, it } from "vitest";
import { checkLink, signLink } from "./signed-link";

const key = Buffer.from("k".repeat(32));
const path = "/identity/v1/miscellaneous/electricity/recibo/0b7d/pdf";
const issued = new Date("2026-11-23T10:00:00Z");
const expiresAt = new Date(issued.getTime() + 3600_000);

function parts(link: string) {
  const url = new URL(link, "http://x");
  return { path: url.pathname, expires: url.searchParams.get("expires"), signature: url.searchParams.get("signature") };
}

describe("signed links", () => {
  it("are valid until their expiry and expired from that second on", () => {
    const p = parts(signLink(path, expiresAt, key));
    expect(p.expires).toBe(String(expiresAt.getTime() / 1000));
    expect(checkLink(p.path, p.expires, p.signature, key, issued)).toBe("valid");
    expect(checkLink(p.path, p.expires, p.signature, key, new Date(expiresAt.getTime() - 1000))).toBe("valid");
    expect(checkLink(p.path, p.expires, p.signature, key, expiresAt)).toBe("expired");
  });

  it("are invalid for another path, another expiry, another key, or a changed signature", () => {
    const p = parts(signLink(path, expiresAt, key));
    expect(checkLink(`${path}x`, p.expires, p.signature, key, issued)).toBe("invalid");
    expect(checkLink(p.path, String(Number(p.expires) + 3600), p.signature, key, issued)).toBe("invalid");
    expect(checkLink(p.path, p.expires, p.signature, Buffer.from("j".repeat(32)), issued)).toBe("invalid");
    const flipped = `${p.signature!.slice(0, -1)}${p.signature!.endsWith("A") ? "B" : "A"}`;
    expect(checkLink(p.path, p.expires, flipped, key, issued)).toBe("invalid");
    expect(checkLink(p.path, null, p.signature, key, issued)).toBe("invalid");
    expect(checkLink(p.path, "soon", p.signature, key, issued)).toBe("invalid");
    expect(checkLink(p.path, p.expires, null, key, issued)).toBe("invalid");
  });
});
