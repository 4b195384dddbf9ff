import type { RequestHandler } from "express";
import { HttpError } from "./errors";

// With SITE_URL set, the site answers only to its own name (plus ALLOWED_HOSTS and loopback
// names). A DNS-rebinding page makes a visitor's browser send requests to this server under
// the attacker's host name; those are "same-origin" to the browser, so the Origin check of
// csrf.ts cannot tell them apart. Refusing an unknown Host closes that. Loopback names are
// always fine: a rebinding page cannot make the browser send them.

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(:\d+)?$/i;

/** The host names (lower case, with port when not the default) the site answers to. */
export function allowedHostsFor(siteUrl: string, extra: readonly string[] = []): Set<string> {
  const site = new URL(siteUrl);
  return new Set([site.host.toLowerCase(), ...extra.map((h) => h.trim().toLowerCase()).filter(Boolean)]);
}

/** True when a Host header value names the site (default ports of either scheme allowed). */
export function isAllowedHost(name: string | undefined, allowed: ReadonlySet<string>): boolean {
  // a client may spell out the default port of the scheme
  const host = (name ?? "").toLowerCase().replace(/:(80|443)$/, "");
  return host !== "" && (allowed.has(host) || LOOPBACK.test(host));
}

/** 421 Misdirected Request for a Host (or, behind a trusted proxy, X-Forwarded-Host) outside the list. */
export function refuseUnknownHosts(allowed: ReadonlySet<string>): RequestHandler {
  return (req, _res, next) => {
    const names = [req.headers.host];
    // Express reads X-Forwarded-Host only from a trusted proxy; it must pass the same test
    if (req.app.get("trust proxy fn")(req.socket.remoteAddress, 0)) {
      const forwarded = req.headers["x-forwarded-host"];
      if (typeof forwarded === "string") names.push(forwarded.split(",")[0]?.trim());
    }
    for (const name of names) {
      if (!name) return next(new HttpError(400, "The request has no Host header"));
      if (!isAllowedHost(name, allowed)) return next(new HttpError(421, "This site does not answer to that host name"));
    }
    next();
  };
}
