import { isIPv4, isIPv6 } from "node:net";

// Who "one client" is for every per-client limit (sign-in failures, forms, tracking, clicks).
// An IPv4 address is one client. An IPv6 client usually holds a whole /64 (SLAAC, privacy
// addresses, a provider's assignment) and can rotate through 2^64 addresses at will, so it is
// counted by its /64: rotating inside it gives no fresh attempts (OWASP credential stuffing).

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const zoneless = address.split("%")[0] ?? "";
  if (!isIPv6(zoneless)) return null;
  let text = zoneless;
  // a trailing dotted IPv4 part (::ffff:192.0.2.1) is two groups
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split(".").map(Number);
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => Number.parseInt(g, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const missing = 8 - left.length - right.length;
  return [...left, ...Array.from({ length: tail === undefined ? 0 : missing }, () => 0), ...right];
}

/** The key of the client an address belongs to: the IPv4 address, or the IPv6 /64 as "xxxx:xxxx:xxxx:xxxx::/64". */
export function clientKey(address: string | undefined): string {
  if (!address) return "unknown";
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (groups?.length !== 8) return address.slice(0, 64);
  // IPv4-mapped (::ffff:a.b.c.d) is an IPv4 client on a dual-stack socket
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}
