import { createTransport } from "nodemailer";

export interface Address {
  name?: string;
  address: string;
}

export interface OutgoingMail {
  to: string;
  replyTo?: Address;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

export interface MailTransport {
  /** Hands one message to the SMTP server; rejects with a MailDeliveryError. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** permanent: the server refused for good (5xx reply, bad address) -> never retried. transient: anything else. */
export class MailDeliveryError extends Error {
  readonly permanent: boolean;
  /** the SMTP reply code, when the server answered with one */
  readonly responseCode?: number;
  /** nodemailer's error code (ESOCKET, EENVELOPE...), for logs */
  readonly code?: string;

  constructor(message: string, options: { permanent: boolean; responseCode?: number; code?: string; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = "MailDeliveryError";
    this.permanent = options.permanent;
    this.responseCode = options.responseCode;
    this.code = options.code;
  }
}

const DEFAULT_TIMEOUT_MS = 10_000;

// C0 controls (CR, LF, NUL, TAB...), DEL, C1 controls (NEL) and the Unicode line/paragraph
// separators: some mail software treats any of them as a line break.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_RUNS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
// RFC 5322 field name: printable US-ASCII except the colon.
const HEADER_NAME = /^[\u0021-\u0039\u003b-\u007e]+$/;

/** Throws if a header value contains CR or LF (or other control chars); used for every header we set. */
export function assertHeaderSafe(name: string, value: string): void {
  if (!HEADER_NAME.test(name)) throw new Error(`invalid e-mail header name ${JSON.stringify(name)}`);
  if (CONTROL_CHARS.test(value)) throw new Error(`the ${name} header value contains a line break or control character`);
}

/** Collapses CR/LF and other control characters to single spaces (for visitor-typed subjects/names). */
export function toHeaderText(value: string): string {
  return value.replace(CONTROL_RUNS, " ").replace(/ {2,}/g, " ").trim();
}

/** Every header value an outgoing message will carry, checked with assertHeaderSafe (throws). */
export function assertMailHeadersSafe(mail: OutgoingMail): void {
  assertHeaderSafe("To", mail.to);
  assertHeaderSafe("Subject", mail.subject);
  if (mail.replyTo) {
    assertHeaderSafe("Reply-To", mail.replyTo.address);
    if (mail.replyTo.name !== undefined) assertHeaderSafe("Reply-To", mail.replyTo.name);
  }
  for (const [name, value] of Object.entries(mail.headers ?? {})) assertHeaderSafe(name, value);
}

interface NodemailerErrorLike {
  message?: string;
  code?: string;
  responseCode?: number;
}

/**
 * Only a refusal of this message (its envelope or its content) is permanent. A 5xx to the
 * greeting or to AUTH is about our configuration or the server, and a queued message can still
 * go out once that is fixed; 503 (bad sequence) is a session state problem a new connection clears.
 */
function toDeliveryError(error: unknown): MailDeliveryError {
  if (error instanceof MailDeliveryError) return error;
  const e = (error && typeof error === "object" ? error : {}) as NodemailerErrorLike;
  const messageLevel = e.code === "EENVELOPE" || e.code === "EMESSAGE";
  const code = typeof e.responseCode === "number" ? e.responseCode : undefined;
  const permanent = messageLevel && (code === undefined || (code >= 500 && code < 600 && code !== 503));
  return new MailDeliveryError(e.message ?? String(error), {
    permanent,
    responseCode: code,
    code: e.code,
    cause: error,
  });
}

/** Creates a non-pooled nodemailer SMTP transport from an smtp:// or smtps:// URL. */
export function createSmtpTransport(options: {
  url: string;
  from: Address | string;
  timeoutMs?: number;
}): MailTransport {
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    throw new Error("SMTP_URL is not a valid URL");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:")
    throw new Error("SMTP_URL must start with smtp:// or smtps://");
  // One connection per message keeps several app instances independent; a pool would also
  // hold connections open that a server restart silently breaks.
  url.searchParams.delete("pool");
  if (typeof options.from === "string") assertHeaderSafe("From", options.from);
  else {
    assertHeaderSafe("From", options.from.address);
    if (options.from.name !== undefined) assertHeaderSafe("From", options.from.name);
  }

  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transporter = createTransport(
    {
      url: url.toString(),
      pool: false,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    },
    { from: options.from },
  );

  return {
    async send(mail) {
      try {
        assertMailHeadersSafe(mail);
      } catch (error) {
        throw new MailDeliveryError((error as Error).message, { permanent: true, cause: error });
      }
      try {
        await transporter.sendMail({
          // an object, not a string: a string would be parsed as a list and could add recipients
          to: { name: "", address: mail.to },
          replyTo: mail.replyTo ? { name: mail.replyTo.name ?? "", address: mail.replyTo.address } : undefined,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
        });
      } catch (error) {
        throw toDeliveryError(error);
      }
    },
    close() {
      transporter.close();
    },
  };
}
