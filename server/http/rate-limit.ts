import type { RequestHandler } from "express";
import type { RateLimitService } from "#server/services/rate-limit.service.ts";
import { clientKey } from "./client-address";
import { HttpError } from "./errors";

export interface RateLimit {
  max: number;
  windowMs: number;
}

function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Allows `max` requests per client (IPv4 address or IPv6 /64) in each window for the route it guards (counted in the
 * database, so all instances share the count); past it, 429 with Retry-After.
 */
export function limitPerIp(limiter: RateLimitService, name: string, { max, windowMs }: RateLimit): RequestHandler {
  return async (req, res, next) => {
    const verdict = await limiter.hit(`${name}:${clientKey(req.ip)}`, max, windowMs);
    if (verdict.allowed) return next();
    res.setHeader("Retry-After", String(verdict.retryAfterSeconds));
    throw new HttpError(
      429,
      `Too many submissions from your network. Please wait ${waitText(verdict.retryAfterSeconds)} and try again.`,
    );
  };
}
