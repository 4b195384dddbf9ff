import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

export interface SecurityHeaderOptions {
  /** send the Content-Security-Policy (off in development, where Vite injects its own scripts) */
  contentSecurityPolicy: boolean;
  /** send Strict-Transport-Security (production) */
  hsts: boolean;
}

/** The policy, with the sources that may run inline scripts (this response's nonce). */
export function contentSecurityPolicyFor(inlineScripts: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const NONCE_BYTES = 16;
const NONCES_PER_DRAW = 256;

/**
 * A fresh 128-bit nonce per response. The random bytes are drawn from the CSPRNG for 256
 * nonces at a time (one call instead of one per response); each slice is used once.
 */
export function nonceSource(): () => string {
  let pool = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset >= pool.length) {
      pool = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
      offset = 0;
    }
    offset += NONCE_BYTES;
    return pool.toString("base64", offset - NONCE_BYTES, offset);
  };
}

/**
 * Headers every response carries. Scripts run only from this origin or with the request's
 * nonce (React Router's inline hydration scripts get it), so injected markup cannot run code.
 * Styles allow inline attributes (React style props); images may come from https hosts
 * because product images are admin-entered URLs. The fresh nonce goes to `res.locals.cspNonce`
 * for the page renderer, and for the page cache, which writes it into a stored page.
 */
export function securityHeaders({ contentSecurityPolicy, hsts }: SecurityHeaderOptions): RequestHandler {
  const nextNonce = nonceSource();
  return (_req, res, next) => {
    const nonce = nextNonce();
    if (contentSecurityPolicy) res.setHeader("Content-Security-Policy", contentSecurityPolicyFor(`'nonce-${nonce}'`));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("X-Frame-Options", "DENY");
    if (hsts) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    // A page may set a stricter policy of its own (the unsubscribe page: no-referrer): it
    // replaces this one where pages are sent (page-requests.ts).
    res.locals.cspNonce = nonce;
    next();
  };
}
