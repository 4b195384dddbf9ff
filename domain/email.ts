import { z } from "zod";
import { wireSchema } from "./wire-schema";

// E-mail addresses typed into the public forms (quiz, contact): one rule, one message.

export const EMAIL_MESSAGE = "Please enter a valid email address";

/**
 * Domains are case-insensitive but local parts may not be (RFC 5321 §2.4), so only the part
 * after the last "@" is lower-cased: the same mailbox then is stored once, whatever its case.
 */
export function normalizeEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf("@");
  if (at < 0) return trimmed;
  return trimmed.slice(0, at) + trimmed.slice(at).toLowerCase();
}

/**
 * One key per mailbox whatever its letter case (the whole address trimmed and lower-cased): what
 * keyed hashes of an address are made of (erasure records, per-address e-mail limits), so
 * "Jo@Example.com" and "jo@example.com" count and match as one person.
 */
export function mailboxKey(email: string): string {
  return normalizeEmail(email).toLowerCase();
}

/** A trimmed, valid address of at most 254 characters with its domain lower-cased. */
export const emailAddressSchema = wireSchema(() =>
  z.string(EMAIL_MESSAGE).trim().max(254, EMAIL_MESSAGE).pipe(z.email(EMAIL_MESSAGE)).transform(normalizeEmail),
);
