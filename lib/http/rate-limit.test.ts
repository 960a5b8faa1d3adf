import { describe, expect, it } from "vitest";
import { clientIp, PEER_ADDRESS_HEADER } from "./rate-limit";

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
