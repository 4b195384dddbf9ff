import { describe, expect, it } from "vitest";
import {
  blockedAddressReason,
  canonicalHost,
  firstBlockedAddress,
  isAllowedHost,
  parseAllowHosts,
} from "./address-rules";

describe("blockedAddressReason", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.255", "carrier-grade NAT"],
    ["169.254.169.254", "link-local"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["192.0.2.10", "documentation"],
    ["198.18.0.1", "benchmarking"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["::ffff:127.0.0.1", "loopback (inside an IPv4-mapped address)"],
    ["::ffff:7f00:1", "loopback (inside an IPv4-mapped address)"],
    ["::ffff:10.0.0.1", "private (inside an IPv4-mapped address)"],
    ["::ffff:a9fe:a9fe", "link-local (inside an IPv4-mapped address)"],
    ["64:ff9b::a00:1", "private (inside a NAT64 address)"],
    ["2002:7f00:1::1", "loopback (inside a 6to4 address)"],
    ["::127.0.0.1", "IPv4-compatible (deprecated)"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["fd12:3456::1", "unique-local"],
    ["fc00::1", "unique-local"],
    ["fec0::1", "site-local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["2001::1", "Teredo"],
    ["not-an-ip", "not an IP address"],
  ])("%s is %s", (address, reason) => {
    expect(blockedAddressReason(address)).toBe(reason);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "192.169.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("%s is public", (address) => {
    expect(blockedAddressReason(address)).toBeNull();
  });
});

describe("firstBlockedAddress", () => {
  it("finds a blocked address behind a public one: the name is refused as a whole", () => {
    expect(firstBlockedAddress(["93.184.215.14", "10.0.0.7", "::1"])).toEqual({
      address: "10.0.0.7",
      reason: "private",
    });
    expect(firstBlockedAddress(["93.184.215.14", "2606:4700::6810:84e5"])).toBeNull();
  });
});

describe("parseAllowHosts and isAllowedHost", () => {
  const allowed = parseAllowHosts(["127.0.0.1:8080", " feeds.internal ", "[::1]:3000", "LOCALHOST.", ""]);

  it("reads host and host:port entries in the spellings URLs use", () => {
    expect(allowed).toEqual([
      { host: "127.0.0.1", port: "8080" },
      { host: "feeds.internal", port: null },
      { host: "[::1]", port: "3000" },
      { host: "localhost", port: null },
    ]);
    expect(parseAllowHosts(["2130706433:81", "::1"])).toEqual([
      { host: "127.0.0.1", port: "81" },
      { host: "[::1]", port: null },
    ]);
    expect(canonicalHost("0x7f.1")).toBe("127.0.0.1");
  });

  it("allows a host:port entry on that port only, and a bare host on any port", () => {
    expect(isAllowedHost(allowed, "127.0.0.1", "8080")).toBe(true);
    expect(isAllowedHost(allowed, "127.0.0.1", "8081")).toBe(false);
    expect(isAllowedHost(allowed, "feeds.internal", "443")).toBe(true);
    expect(isAllowedHost(allowed, "feeds.internal.", "80")).toBe(true);
    expect(isAllowedHost(allowed, "[::1]", "3000")).toBe(true);
    expect(isAllowedHost(allowed, "[::1]", "3001")).toBe(false);
    expect(isAllowedHost(allowed, "evil.feeds.internal", "80")).toBe(false);
  });

  it("refuses an entry that is no host, so a typo fails at start-up", () => {
    expect(() => parseAllowHosts(["feeds internal"])).toThrow(
      'OUTBOUND_ALLOW_HOSTS: "feeds internal" is not a host or host:port',
    );
    expect(() => parseAllowHosts(["127.0.0.1:99999"])).toThrow("is not a host or host:port");
  });
});
