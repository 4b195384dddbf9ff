// Which addresses an outbound request may reach (issue 27, decision 054). Feeds, the retailer API
// and link checks fetch addresses that owners and retailers type, and a redirect can point
// anywhere: without these rules a feed URL of http://169.254.169.254/ or a redirect to
// http://127.0.0.1:5432/ would let the outside world read our cloud metadata or poke our own
// services. Only globally routable unicast addresses pass, unless the allow list names the host.
import { isIPv4, isIPv6 } from "node:net";

type Range = readonly [bytes: readonly number[], prefixLength: number, name: string];

// IANA's special-purpose registries (RFC 6890 and successors), the blocks that are not the public Internet.
const IPV4_RANGES: readonly Range[] = [
  [[0, 0, 0, 0], 8, "unspecified"],
  [[10, 0, 0, 0], 8, "private"],
  [[100, 64, 0, 0], 10, "carrier-grade NAT"],
  [[127, 0, 0, 0], 8, "loopback"],
  [[169, 254, 0, 0], 16, "link-local"],
  [[172, 16, 0, 0], 12, "private"],
  [[192, 0, 0, 0], 24, "IETF protocol assignments"],
  [[192, 0, 2, 0], 24, "documentation"],
  [[192, 88, 99, 0], 24, "6to4 relay"],
  [[192, 168, 0, 0], 16, "private"],
  [[198, 18, 0, 0], 15, "benchmarking"],
  [[198, 51, 100, 0], 24, "documentation"],
  [[203, 0, 113, 0], 24, "documentation"],
  [[224, 0, 0, 0], 4, "multicast"],
  [[240, 0, 0, 0], 4, "reserved"],
];

const IPV6_RANGES: readonly Range[] = [
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 128, "unspecified"],
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], 128, "loopback"],
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 96, "IPv4-compatible (deprecated)"],
  [[0x01, 0, 0, 0, 0, 0, 0, 0], 64, "discard"],
  [[0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48, "local NAT64"],
  [[0x20, 0x01, 0x00, 0x00], 32, "Teredo"],
  [[0x20, 0x01, 0x00, 0x02, 0x00, 0x00], 48, "benchmarking"],
  [[0x20, 0x01, 0x00, 0x10], 28, "ORCHID"],
  [[0x20, 0x01, 0x00, 0x20], 28, "ORCHIDv2"],
  [[0x20, 0x01, 0x0d, 0xb8], 32, "documentation"],
  [[0xfc, 0x00], 7, "unique-local"],
  [[0xfe, 0x80], 10, "link-local"],
  [[0xfe, 0xc0], 10, "site-local"],
  [[0xff, 0x00], 8, "multicast"],
];

function inRange(bytes: readonly number[], [base, prefixLength]: Range): boolean {
  for (let bit = 0; bit < prefixLength; bit += 8) {
    const mask = prefixLength - bit >= 8 ? 0xff : (0xff << (8 - (prefixLength - bit))) & 0xff;
    if (((bytes[bit / 8] ?? 0) & mask) !== ((base[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

function ipv4Bytes(text: string): number[] | null {
  if (!isIPv4(text)) return null;
  return text.split(".").map(Number);
}

/** The 16 bytes of an IPv6 address in any spelling (::, a trailing dotted quad, a zone id). */
function ipv6Bytes(text: string): number[] | null {
  const address = text.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!isIPv6(address)) return null;
  let groups = address;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted?.[1]) {
    tail.push(...(ipv4Bytes(dotted[1]) ?? []));
    // "::ffff:1.2.3.4" -> "::ffff", "::1.2.3.4" -> "::": the quad's own separator goes, "::" stays
    const prefix = address.slice(0, -dotted[1].length);
    groups = prefix.endsWith("::") ? prefix : prefix.slice(0, -1);
  }
  const [head = "", rest] = groups.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16)));
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  const missing = 8 - tail.length / 2 - left.length - right.length;
  const words = [...left, ...Array<number>(rest === undefined ? 0 : missing).fill(0), ...right];
  const bytes = words.flatMap((word) => [word >> 8, word & 0xff]);
  return [...bytes, ...tail];
}

/**
 * Why an address must not be reached ("loopback", "private", ...), or null for a public one. An
 * IPv6 address that carries an IPv4 one (::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) is
 * judged by the IPv4 address inside it, so ::ffff:127.0.0.1 is loopback like 127.0.0.1.
 */
export function blockedAddressReason(address: string): string | null {
  const v4 = ipv4Bytes(address);
  if (v4) return IPV4_RANGES.find((range) => inRange(v4, range))?.[2] ?? null;
  const v6 = ipv6Bytes(address);
  if (!v6) return "not an IP address";
  const mapped = inRange(v6, [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96, ""]);
  const nat64 = inRange(v6, [[0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96, ""]);
  if (mapped || nat64) {
    const inner = blockedAddressReason(v6.slice(12).join("."));
    return inner && `${inner} (inside ${mapped ? "an IPv4-mapped" : "a NAT64"} address)`;
  }
  if (inRange(v6, [[0x20, 0x02], 16, ""])) {
    const inner = blockedAddressReason(v6.slice(2, 6).join("."));
    return inner && `${inner} (inside a 6to4 address)`;
  }
  return IPV6_RANGES.find((range) => inRange(v6, range))?.[2] ?? null;
}

/**
 * The first blocked address among a name's addresses, or null when all are public. Any blocked
 * address refuses the whole name: connecting to its public one would still let the name's owner
 * switch us to the private one on the next attempt (DNS rebinding).
 */
export function firstBlockedAddress(addresses: readonly string[]): { address: string; reason: string } | null {
  for (const address of addresses) {
    const reason = blockedAddressReason(address);
    if (reason) return { address, reason };
  }
  return null;
}

/** One allow-list entry: a host name or address, and the port it is allowed on (any when null). */
export interface AllowedHost {
  host: string;
  port: string | null;
}

/** The host as URLs spell it, so every spelling of one host compares equal (2130706433 -> 127.0.0.1). */
export function canonicalHost(host: string): string | null {
  try {
    const hostname = new URL(`http://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}/`).hostname;
    return hostname.replace(/\.$/, "");
  } catch {
    return null;
  }
}

/**
 * Reads OUTBOUND_ALLOW_HOSTS ("127.0.0.1:8080,feeds.internal,[::1]:3000"); throws on an entry
 * that is no host, so a typo fails at start-up instead of silently allowing nothing.
 */
export function parseAllowHosts(entries: readonly string[]): AllowedHost[] {
  return entries
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      // [v6]:port, [v6], host:port, host, and a bare v6 address (more than one colon)
      const bracketed = /^(\[[^\]]+\])(?::(\d+))?$/.exec(entry);
      const named = /^([^:]+):(\d+)$/.exec(entry);
      const [hostPart, port] = bracketed
        ? [bracketed[1] ?? "", bracketed[2] ?? null]
        : named
          ? [named[1] ?? "", named[2] ?? null]
          : [entry, null];
      const host = canonicalHost(hostPart);
      if (!host || (port !== null && (Number(port) < 1 || Number(port) > 65_535)))
        throw new Error(`OUTBOUND_ALLOW_HOSTS: "${entry}" is not a host or host:port`);
      return { host, port };
    });
}

/** True when the allow list names this host (canonical, as URL.hostname gives it) on this port. */
export function isAllowedHost(allowed: readonly AllowedHost[], hostname: string, port: string): boolean {
  const host = hostname.replace(/\.$/, "");
  return allowed.some((entry) => entry.host === host && (entry.port === null || entry.port === port));
}
