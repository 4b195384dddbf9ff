import { describe, expect, it } from "vitest";
import { clientKey } from "./client-address";

describe("clientKey", () => {
  it("keeps an IPv4 address as it is, also when it arrives IPv4-mapped", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:cb00:7107")).toBe("203.0.113.7");
  });

  it("counts an IPv6 address by its /64, however it is written", () => {
    const key = "2001:db8:85a3:1::/64";
    for (const address of [
      "2001:db8:85a3:1::1",
      "2001:db8:85a3:1:ffff:ffff:ffff:ffff",
      "2001:0db8:85a3:0001:0000:0000:0000:0002",
      "2001:DB8:85A3:1:a:b:c:d",
      "2001:db8:85a3:1::1%eth0",
    ]) {
      expect({ address, key: clientKey(address) }).toEqual({ address, key });
    }
    expect(clientKey("2001:db8:85a3:2::1")).not.toBe(key);
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("fe80::1")).toBe("fe80:0:0:0::/64");
  });

  it("has one key for a missing address", () => {
    expect(clientKey(undefined)).toBe("unknown");
  });
});
