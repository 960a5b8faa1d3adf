import net from "node:net";
import os from "node:os";
import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "./target-guard";

const nobody = new net.BlockList();

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1", "127.8.9.10", "10.0.0.1", "10.255.255.255", "172.16.0.1", "172.31.255.254", "192.168.1.1",
    "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "::1", "::", "fe80::1", "fd00::1", "fc12::3", "::ffff:127.0.0.1", "::ffff:10.1.2.3",
    "not-an-ip",
  ])("refuses %s", (address) => {
    expect(isPrivateAddress(address, nobody)).toBe(true);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.15.255.255", "172.32.0.1", "192.169.0.1", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("allows public %s", (address) => {
    expect(isPrivateAddress(address, nobody)).toBe(false);
  });

  // IANA's IPv4 special-purpose registry: the blocks that are not globally reachable.
  it.each([
    ["192.0.0.8", "IETF protocol assignments"], ["192.0.2.10", "TEST-NET-1"], ["192.88.99.1", "6to4 relay anycast"],
    ["198.18.0.1", "benchmarking"], ["198.51.100.7", "TEST-NET-2"], ["203.0.113.9", "TEST-NET-3"], ["240.0.0.1", "reserved"], ["255.255.255.255", "limited broadcast"],
  ])("refuses %s (%s)", (address) => {
    expect(isPrivateAddress(address, nobody)).toBe(true);
  });

  it.each([
    ["::7f00:1", "IPv4-compatible ::/96 (127.0.0.1)"],
    ["::8.8.8.8", "IPv4-compatible ::/96, even with a public IPv4"],
    ["::1:2", "IPv4-compatible ::/96"],
    ["64:ff9b::127.0.0.1", "NAT64 of loopback"],
    ["64:ff9b::a00:1", "NAT64 of 10.0.0.1"],
    ["64:ff9b::a9fe:a9fe", "NAT64 of the metadata address 169.254.169.254"],
    ["64:ff9b:1::808:808", "local-use NAT64 64:ff9b:1::/48"],
    ["2002:7f00:1::", "6to4 of 127.0.0.1"],
    ["2002:c0a8:101::1", "6to4 of 192.168.1.1"],
    ["2002:a9fe:a9fe:1:2:3:4:5", "6to4 of 169.254.169.254"],
    ["fec0::1", "site-local fec0::/10"],
    ["feff:ffff::1", "site-local fec0::/10, top"],
    ["100::1", "discard-only 100::/64"],
    ["2001::1", "Teredo 2001::/32"],
    ["2001:2::1", "benchmarking 2001:2::/48"],
    ["2001:10::1", "ORCHID 2001:10::/28"],
    ["2001:db8::1", "documentation 2001:db8::/32"],
    ["3fff::1", "documentation 3fff::/20"],
    ["5f00::1", "SRv6 SIDs 5f00::/16"],
    ["ff02::1", "multicast"],
    ["::ffff:0:7f00:1", "IPv4-translated ::ffff:0:0:0/96"],
    ["fe80::1%eth0", "link-local with a zone"],
  ])("refuses %s (%s)", (address) => {
    expect(isPrivateAddress(address, nobody)).toBe(true);
  });

  it.each([
    ["64:ff9b::808:808", "NAT64 of 8.8.8.8"],
    ["64:ff9b::1.1.1.1", "NAT64 of 1.1.1.1, dotted"],
    ["2002:808:808::1", "6to4 of 8.8.8.8"],
    ["2a00:1450:4001:80b::200e", "global unicast"],
  ])("allows %s (%s)", (address) => {
    expect(isPrivateAddress(address, nobody)).toBe(false);
  });

  it("refuses the host's own public addresses, however written", () => {
    const own = new net.BlockList();
    own.addAddress("8.8.4.4", "ipv4");
    own.addAddress("2a00:1450:4001:80b::200e", "ipv6");
    for (const address of ["8.8.4.4", "::ffff:8.8.4.4", "64:ff9b::808:404", "2002:808:404::", "2a00:1450:4001:080b:0:0:0:200e"]) {
      expect(isPrivateAddress(address, own), address).toBe(true);
    }
    expect(isPrivateAddress("8.8.8.8", own)).toBe(false);
  });

  it("reads the host's own addresses from its network interfaces by default", () => {
    const addresses = Object.values(os.networkInterfaces()).flatMap((list) => list ?? []).map((a) => a.address);
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(isPrivateAddress(address), address).toBe(true);
  });
});
