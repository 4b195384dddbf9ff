import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

/** What a test can assert on after decoding: unfolded headers and the decoded text parts. */
export interface ParsedMail {
  /** header names in lower case, values unfolded and with RFC 2047 words decoded (first occurrence) */
  headers: Record<string, string>;
  subject: string;
  /** the text/plain part, decoded */
  text: string;
  /** the text/html part, decoded, when there is one */
  html?: string;
}

export interface ReceivedMail {
  /** envelope sender (MAIL FROM) */
  from: string;
  /** envelope recipients (RCPT TO) */
  to: string[];
  /** the message as it came over DATA */
  raw: string;
  parsed: ParsedMail;
  /** the user name the client authenticated with, when it did */
  user?: string;
}

export interface SmtpReply {
  code: number;
  message: string;
}

export interface SmtpTestServerOptions {
  /** refuse every recipient with this reply */
  rejectWith?: SmtpReply;
  /** accept AUTH only with these credentials (authentication stays optional) */
  auth?: { user: string; pass: string };
  /** listen on this port (a server started beforehand is configured with it); a free one by default */
  port?: number;
}

export interface SmtpTestServer {
  /** smtp://127.0.0.1:PORT */
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** resolves once at least `count` messages arrived (default wait 5 s) */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** switch to refusing RCPT with this reply, or back to accepting with null */
  setRejectWith(reply: SmtpReply | null): void;
  /** refuse some recipients only: the reply for an address, or null to accept it */
  setRejectRecipient(decide: ((address: string) => SmtpReply | null) | null): void;
  /** hold the reply to DATA for this long (a slow server) */
  setDataDelay(ms: number): void;
  close(): Promise<void>;
  /** listen again on the same port after close (for the "server comes back" test) */
  restart(): Promise<void>;
}

/** A real SMTP server in the test process that records what it receives. */
export async function startSmtpTestServer(options: SmtpTestServerOptions = {}): Promise<SmtpTestServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let rejectWith = options.rejectWith ?? null;
  let rejectRecipient: ((address: string) => SmtpReply | null) | null = null;
  let dataDelayMs = 0;

  const serverOptions: SMTPServerOptions = {
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 500,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) {
        callback(null, { user: auth.username });
        return;
      }
      callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      const refusal = rejectWith ?? rejectRecipient?.(address.address) ?? null;
      if (refusal) {
        callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        setTimeout(() => {
          const mailFrom = session.envelope.mailFrom;
          messages.push({
            from: mailFrom ? mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            parsed: parseMail(raw),
            user: typeof session.user === "string" ? session.user : undefined,
          });
          for (const notify of waiters) notify();
          callback();
        }, dataDelayMs);
      });
    },
  };

  const createServer = () => {
    const created = new SMTPServer(serverOptions);
    // connection-level errors (a client hanging up) are emitted here; an unheard "error" would throw
    created.on("error", () => {});
    return created;
  };
  let server = createServer();
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.server.off("error", reject);
        resolve((server.server.address() as AddressInfo).port);
      });
    });
  const port = await listen(options.port ?? 0);
  let listening = true;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitForMessages(count, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(messages);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} messages within ${timeoutMs} ms, got ${messages.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    setRejectWith(reply) {
      rejectWith = reply;
    },
    setRejectRecipient(decide) {
      rejectRecipient = decide;
    },
    setDataDelay(ms) {
      dataDelayMs = ms;
    },
    close() {
      if (!listening) return Promise.resolve();
      listening = false;
      return new Promise((resolve) => server.close(() => resolve()));
    },
    async restart() {
      if (listening) return;
      server = createServer();
      await listen(port);
      listening = true;
    },
  };
}

/** Enough of RFC 5322/2045 to assert on what nodemailer sends: headers, text and HTML parts. */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitEntity(raw);
  const parts: { type: string; content: string }[] = [];
  collectParts(headers, body, parts);
  return {
    headers,
    subject: headers.subject ?? "",
    text: parts.find((p) => p.type === "text/plain")?.content ?? "",
    html: parts.find((p) => p.type === "text/html")?.content,
  };
}

function splitEntity(entity: string): { headers: Record<string, string>; body: string } {
  const normalized = entity.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectParts(headers: Record<string, string>, body: string, parts: { type: string; content: string }[]) {
  const contentType = headers["content-type"] ?? "text/plain";
  const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "text/plain";
  if (type.startsWith("multipart/")) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return;
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      const part = splitEntity(section.replace(/^\n/, ""));
      collectParts(part.headers, part.body, parts);
    }
    return;
  }
  const charset = /charset="?([^";]+)"?/i.exec(contentType)?.[1] ?? "utf-8";
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  parts.push({ type, content: decodeBody(body.replace(/\n$/, ""), encoding, charset) });
}

function decodeBody(body: string, encoding: string, charset: string): string {
  const decoder = new TextDecoder(charset);
  if (encoding === "base64") return decoder.decode(Buffer.from(body.replace(/\s+/g, ""), "base64"));
  if (encoding === "quoted-printable") return decoder.decode(decodeQuotedPrintable(body.replace(/=\n/g, "")));
  return body;
}

function decodeQuotedPrintable(text: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? "", "utf8"));
    }
  }
  return Uint8Array.from(bytes);
}

// RFC 2047 encoded words; whitespace between two adjacent encoded words is not part of the text.
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?[^?]+\?[BbQq]\?[^?]*\?=)/g, "$1")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_word, charset: string, kind: string, text: string) => {
      const decoder = new TextDecoder(charset);
      if (kind.toUpperCase() === "B") return decoder.decode(Buffer.from(text, "base64"));
      return decoder.decode(decodeQuotedPrintable(text.replace(/_/g, " ")));
    });
}
