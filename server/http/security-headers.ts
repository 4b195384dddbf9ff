import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

export interface SecurityHeaderOptions {
  /** send the Content-Security-Policy (off in development, where Vite injects its own scripts) */
  contentSecurityPolicy: boolean;
  /** send Strict-Transport-Security (production) */
  hsts: boolean;
}

/**
 * Headers every response carries. Scripts run only from this origin or with the request's
 * nonce (React Router's inline hydration scripts get it), so injected markup cannot run code.
 * Styles allow inline attributes (React style props); images may come from https hosts
 * because product images are admin-entered URLs.
 */
/** The policy, with the sources that may run inline scripts (a nonce, or hashes of cached pages). */
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

export function securityHeaders({ contentSecurityPolicy, hsts }: SecurityHeaderOptions): RequestHandler {
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    if (contentSecurityPolicy) res.setHeader("Content-Security-Policy", contentSecurityPolicyFor(`'nonce-${nonce}'`));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("X-Frame-Options", "DENY");
    if (hsts) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
