import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { clientIp, PEER_ADDRESS_HEADER, rateLimit } from "./rate-limit";

const tooMany = (fn: () => void) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError && err.code === "RATE_LIMITED";
  }
  return false;
};

describe("rateLimit", () => {
  it("allows `limit` requests per key in a window, refuses the next, and starts over when the window ends", () => {
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) expect(tooMany(() => rateLimit("unit:a", 3, 60_000, t0 + i))).toBe(false);
    expect(tooMany(() => rateLimit("unit:a", 3, 60_000, t0 + 10))).toBe(true);
    expect(tooMany(() => rateLimit("unit:a", 3, 60_000, t0 + 59_999))).toBe(true); // still the same window
    expect(tooMany(() => rateLimit("unit:b", 3, 60_000, t0 + 10))).toBe(false); // another key, its own count
    expect(tooMany(() => rateLimit("unit:a", 3, 60_000, t0 + 60_000))).toBe(false); // a new window
    expect(tooMany(() => rateLimit("unit:a", 3, 60_000, t0 + 60_001))).toBe(false);
  });

  it("answers with RATE_LIMITED, which the API turns into 429", () => {
    rateLimit("unit:c", 1, 60_000, 5);
    expect(() => rateLimit("unit:c", 1, 60_000, 6)).toThrow(new AppError("RATE_LIMITED", "Too many requests; wait a minute and try again."));
  });
});

describe("clientIp", () => {
  const request = (headers: Record<string, string>) => new Request("http://localhost/", { headers });
  const forged = { "x-forwarded-for": "10.9.9.9, 203.0.113.50", "x-real-ip": "10.8.8.8" };

  it("without TRUST_PROXY, is the peer address the launcher wrote, whatever forwarding headers say", () => {
    expect(clientIp(request({ ...forged, [PEER_ADDRESS_HEADER]: "198.51.100.4" }), false)).toBe("198.51.100.4");
    expect(clientIp(request(forged), false)).toBeNull();
  });

  it("with TRUST_PROXY, is the address the proxy appended to X-Forwarded-For, else its X-Real-IP, else the peer", () => {
    expect(clientIp(request({ ...forged, [PEER_ADDRESS_HEADER]: "127.0.0.1" }), true)).toBe("203.0.113.50");
    expect(clientIp(request({ "x-real-ip": "203.0.113.60", [PEER_ADDRESS_HEADER]: "127.0.0.1" }), true)).toBe("203.0.113.60");
    expect(clientIp(request({ [PEER_ADDRESS_HEADER]: "127.0.0.1" }), true)).toBe("127.0.0.1");
  });
});
