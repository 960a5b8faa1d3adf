import net from "node:net";
import os from "node:os";

// Addresses a webhook must not reach unless WEBHOOK_ALLOW_PRIVATE: this machine, private
// networks, link-local (cloud metadata at 169.254.169.254), CGNAT, multicast, and every other
// block of IANA's special-purpose registries that is not globally reachable
// (iana.org/assignments/iana-ipv4-special-registry, iana-ipv6-special-registry).
const blocked4 = new net.BlockList();
for (const [range, bits] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // shared address space (CGNAT)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // TEST-NET-1
  ["192.88.99.0", 24], // 6to4 relay anycast (deprecated)
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // TEST-NET-2
  ["203.0.113.0", 24], // TEST-NET-3
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the limited broadcast 255.255.255.255
] as const) blocked4.addSubnet(range, bits, "ipv4");

// IPv6 outside 2000::/3 (global unicast) is refused as a whole: that covers ::/96 (IPv4-compatible,
// with :: and ::1), 64:ff9b:1::/48 (local NAT64), 100::/64 (discard), 5f00::/16 (SRv6),
// fc00::/7 (unique local), fe80::/10 (link-local), fec0::/10 (site-local) and ff00::/8
// (multicast). The two translation prefixes that carry a public IPv4 are judged by that IPv4
// (embeddedIpv4). Inside 2000::/3:
const global6 = new net.BlockList();
global6.addSubnet("2000::", 3, "ipv6");
const blocked6 = new net.BlockList();
for (const [range, bits] of [
  // IETF protocol assignments, Teredo (2001::/32, which hides an IPv4 behind a relay) among them;
  // the few anycast services in it that are globally reachable are no webhook receivers.
  ["2001::", 23],
  ["2001:db8::", 32], // documentation
  ["3fff::", 20], // documentation
] as const) blocked6.addSubnet(range, bits, "ipv6");

/** The 8 groups of an IPv6 address (a trailing dotted IPv4 counts as two); null when malformed. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const dotted = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, extra] = text.split("::");
  if (extra !== undefined) return null;
  const part = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const front = part(head);
  const back = part(tail);
  const missing = 8 - front.length - back.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  return [...front, ...Array<number>(tail === undefined ? 0 : missing).fill(0), ...back];
}

function ipv4Of(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

/**
 * The IPv4 address an IPv6 address stands for, where the IPv6 is only a wrapping around one:
 * IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96) and 6to4 (2002::/16, the IPv4 in bits 16–47).
 */
function embeddedIpv4(g: number[]): string | null {
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x2002) return ipv4Of(g[1]!, g[2]!);
  return null;
}

/** This machine's own addresses, public ones included: a webhook must not call back into us. */
function ownAddresses(): net.BlockList {
  const own = new net.BlockList();
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) {
      const family = net.isIP(a.address.replace(/%.*$/, ""));
      if (family) own.addAddress(a.address.replace(/%.*$/, ""), family === 4 ? "ipv4" : "ipv6");
    }
  }
  return own;
}

/**
 * True when the address is loopback, private, link-local, reserved, otherwise not on the public
 * internet, or one of this machine's own addresses (`own`, read from the network interfaces).
 */
export function isPrivateAddress(address: string, own: net.BlockList = ownAddresses()): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked4.check(address, "ipv4") || own.check(address, "ipv4");
  if (family === 6) {
    const groups = ipv6Groups(address);
    if (!groups) return true;
    const v4 = embeddedIpv4(groups);
    if (v4) return isPrivateAddress(v4, own);
    const plain = address.replace(/%.*$/, "");
    if (!global6.check(plain, "ipv6") || blocked6.check(plain, "ipv6")) return true;
    return own.check(plain, "ipv6");
  }
  return true; // not an address at all: refuse
}
