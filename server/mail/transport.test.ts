import { createServer, type Server, type Socket } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type SmtpTestServer, startSmtpTestServer } from "../../tests/support/smtp-test-server";
import {
  assertHeaderSafe,
  createSmtpTransport,
  MailDeliveryError,
  type MailTransport,
  toHeaderText,
} from "./transport";

let smtp: SmtpTestServer;
let transport: MailTransport;
const from = "Pawsome Picks <hello@pawsomepicks.test>";

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  transport = createSmtpTransport({ url: smtp.url, from, timeoutMs: 2_000 });
});
afterAll(async () => {
  transport.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
  smtp.setRejectWith(null);
});

async function sendError(mailer: MailTransport, to = "owner@example.com"): Promise<MailDeliveryError> {
  const error = await mailer.send({ to, subject: "Hello", text: "Hi" }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MailDeliveryError);
  return error as MailDeliveryError;
}

describe("createSmtpTransport", () => {
  it("hands the message to the SMTP server with its sender, recipient, reply-to, parts and extra headers", async () => {
    await transport.send({
      to: "visitor@example.com",
      replyTo: { name: 'Jane "JD" Doe, Esq.', address: "jane@example.com" },
      subject: "Café matches for Rex",
      text: "Plain body with ünïcode",
      html: "<p>HTML body</p>",
      headers: {
        "List-Unsubscribe":
          "<https://www.pawsomepicks.test/api/newsletter/unsubscribe?token=abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz>, <mailto:support@pawsomepicks.test?subject=unsubscribe>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.from).toBe("hello@pawsomepicks.test");
    expect(mail?.to).toEqual(["visitor@example.com"]);
    expect(mail?.parsed.headers.from).toBe("Pawsome Picks <hello@pawsomepicks.test>");
    expect(mail?.parsed.headers.to).toBe("visitor@example.com");
    expect(mail?.parsed.headers["reply-to"]).toBe('"Jane \\"JD\\" Doe, Esq." <jane@example.com>');
    expect(mail?.parsed.subject).toBe("Café matches for Rex");
    expect(mail?.parsed.text).toBe("Plain body with ünïcode");
    expect(mail?.parsed.html).toBe("<p>HTML body</p>");
    expect(mail?.parsed.headers["list-unsubscribe"]).toBe(
      "<https://www.pawsomepicks.test/api/newsletter/unsubscribe?token=abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz>, <mailto:support@pawsomepicks.test?subject=unsubscribe>",
    );
    expect(mail?.parsed.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("never splits the recipient into a list: a list-looking address is refused as a whole", async () => {
    const error = await sendError(transport, "a@example.com, b@example.com");
    expect(error.permanent).toBe(true);
    expect(smtp.messages).toHaveLength(0);
  });

  it("reports a 5xx refusal as a permanent MailDeliveryError with the reply code", async () => {
    smtp.setRejectWith({ code: 550, message: "No such user here" });
    const error = await sendError(transport);
    expect(error.permanent).toBe(true);
    expect(error.responseCode).toBe(550);
    expect(error.message).toContain("No such user here");
  });

  it("reports a 4xx refusal as transient", async () => {
    smtp.setRejectWith({ code: 451, message: "Try again later" });
    const error = await sendError(transport);
    expect(error.permanent).toBe(false);
    expect(error.responseCode).toBe(451);
  });

  it("reports a server that is down as transient", async () => {
    const down = await startSmtpTestServer();
    await down.close();
    const mailer = createSmtpTransport({ url: down.url, from });
    const error = await sendError(mailer);
    expect(error.permanent).toBe(false);
    mailer.close();
  });

  describe("a server that accepts the connection but never answers", () => {
    let silent: Server;
    const sockets = new Set<Socket>();
    beforeAll(async () => {
      silent = createServer((socket) => sockets.add(socket));
      await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    });
    afterEach(() => {
      for (const socket of sockets) socket.destroy();
    });
    afterAll(() => new Promise<void>((resolve) => silent.close(() => resolve())));

    it("fails fast, as transient, after timeoutMs", async () => {
      const { port } = silent.address() as { port: number };
      const mailer = createSmtpTransport({ url: `smtp://127.0.0.1:${port}`, from, timeoutMs: 300 });
      const started = Date.now();
      const error = await sendError(mailer);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(error.permanent).toBe(false);
      mailer.close();
    });
  });

  describe("with credentials in the URL", () => {
    let secured: SmtpTestServer;
    beforeAll(async () => {
      secured = await startSmtpTestServer({ auth: { user: "mailer", pass: "p@ss:word" } });
    });
    afterAll(() => secured.close());

    it("logs in with the URL-decoded user and password", async () => {
      const mailer = createSmtpTransport({
        url: `smtp://mailer:${encodeURIComponent("p@ss:word")}@127.0.0.1:${secured.port}`,
        from,
      });
      await mailer.send({ to: "owner@example.com", subject: "Hello", text: "Hi" });
      const [mail] = await secured.waitForMessages(1);
      expect(mail?.user).toBe("mailer");
      mailer.close();
    });

    it("treats a refused login as transient: the configuration can be fixed and the message still sent", async () => {
      const mailer = createSmtpTransport({ url: `smtp://mailer:wrong@127.0.0.1:${secured.port}`, from });
      const error = await sendError(mailer);
      expect(error.permanent).toBe(false);
      expect(error.responseCode).toBe(535);
      mailer.close();
    });
  });

  it("refuses a message whose header values carry a line break, before anything is sent", async () => {
    await expect(
      transport.send({ to: "owner@example.com", subject: "Hi\r\nBcc: victim@example.com", text: "x" }),
    ).rejects.toMatchObject({ name: "MailDeliveryError", permanent: true });
    await expect(
      transport.send({ to: "owner@example.com", subject: "Hi", text: "x", headers: { "X-Test": "a\nb" } }),
    ).rejects.toMatchObject({ permanent: true });
    await expect(
      transport.send({
        to: "owner@example.com",
        replyTo: { name: "Eve\r\nBcc: x@example.com", address: "eve@example.com" },
        subject: "Hi",
        text: "x",
      }),
    ).rejects.toMatchObject({ permanent: true });
    expect(smtp.messages).toHaveLength(0);
  });

  it("accepts only smtp:// and smtps:// URLs", () => {
    expect(() => createSmtpTransport({ url: "http://127.0.0.1:25", from })).toThrow(/smtp/);
    expect(() => createSmtpTransport({ url: "not a url", from })).toThrow();
    createSmtpTransport({ url: "smtps://user:pass@smtp.example.com", from }).close();
  });
});

describe("assertHeaderSafe", () => {
  it("throws on CR, LF and other control characters", () => {
    for (const value of ["a\rb", "a\nb", "a\r\nBcc: x@example.com", "a\u0000b", "a\u0085b", "a\u2028b"]) {
      expect(() => assertHeaderSafe("Subject", value)).toThrow(/Subject/);
    }
  });

  it("accepts ordinary text and rejects malformed header names", () => {
    expect(() => assertHeaderSafe("Subject", "Contact form: Ünïcode & <angles>")).not.toThrow();
    expect(() => assertHeaderSafe("Bad Name", "x")).toThrow();
    expect(() => assertHeaderSafe("X:Y", "x")).toThrow();
  });
});

describe("toHeaderText", () => {
  it("collapses line breaks and control characters to single spaces", () => {
    expect(toHeaderText("Hello\r\nBcc: victim@example.com")).toBe("Hello Bcc: victim@example.com");
    expect(toHeaderText("  a\t\t b\u0000\u2028c  ")).toBe("a b c");
    expect(toHeaderText("plain")).toBe("plain");
  });
});
