import { z } from "zod";
import type { Address } from "./transport";

export interface MailSettings {
  from: Address;
  /** inbox for contact notifications and mailto: unsubscribe requests */
  contactTo: string;
}

const emailAddress = z.email();
const NAME_AND_ADDRESS = /^\s*(.*?)\s*<([^<>]+)>\s*$/;

/** Parses "Name <address>" or a bare address; throws a one-line error when it is not one. */
export function parseMailbox(value: string, setting: string): Address {
  const match = NAME_AND_ADDRESS.exec(value);
  const name = match?.[1]?.replace(/^"(.*)"$/, "$1") || undefined;
  const address = (match?.[2] ?? value).trim();
  if (!emailAddress.safeParse(address).success || /[\r\n]/.test(value)) {
    throw new Error(`${setting} must be an e-mail address, optionally as "Name <address>"`);
  }
  return name ? { name, address } : { address };
}

/** Sender and contact inbox from MAIL_FROM / CONTACT_TO, with defaults derived from the site's host. */
export function mailSettings(env: { MAIL_FROM?: string; CONTACT_TO?: string }, siteUrl: string): MailSettings {
  const from = env.MAIL_FROM
    ? parseMailbox(env.MAIL_FROM, "MAIL_FROM")
    : { name: "Pawsome Picks", address: `no-reply@${new URL(siteUrl).hostname}` };
  return { from, contactTo: env.CONTACT_TO ?? from.address };
}
