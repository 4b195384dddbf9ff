import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_REPLIES } from "../domain/forms";
import { freePort, type Run, startProductionServer, waitForHealthy } from "./support/production-server";
import { type SmtpTestServer, startSmtpTestServer } from "./support/smtp-test-server";

// The production server with SMTP_URL pointing at a real SMTP server in this process: what
// visitors and the site owner actually receive, and the unsubscribe page behind the link.

const SITE_URL = "https://www.pawsomepicks.test";
const answers = {
  dogSize: "large",
  dogAge: "adult",
  chewStyle: "aggressive",
  playStyle: "interactive",
  toyPurpose: "physical",
};

let smtp: SmtpTestServer;
let run: Run;
let url: string;
const scratch = mkdtempSync(join(tmpdir(), "pawsome-mail-"));

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  run = startProductionServer({
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: join(scratch, "data"),
    SITE_URL,
    SMTP_URL: smtp.url,
    MAIL_FROM: "Pawsome Picks <hello@pawsomepicks.test>",
    CONTACT_TO: "owner@pawsomepicks.test",
    LOG_LEVEL: "warn",
  });
  await waitForHealthy(url, run);
}, 300_000);

afterAll(async () => {
  run?.child.kill("SIGTERM");
  await run?.exited;
  await smtp?.close();
  rmSync(scratch, { recursive: true, force: true });
});

function post(path: string, body: unknown) {
  return fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** The page's path and query from an absolute link in the e-mail, on the local server. */
function local(link: string): string {
  const parsed = new URL(link);
  expect(parsed.origin).toBe(SITE_URL);
  return `${url}${parsed.pathname}${parsed.search}`;
}

describe("quiz results e-mail", () => {
  it("e-mails the on-screen recommendations with one-click unsubscribe, and the link unsubscribes", async () => {
    const email = "rex.owner@example.com";
    const res = await post("/api/quiz-newsletter", { ...answers, email, website: "" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ emailSent: true, message: expect.any(String) });

    const [mail] = (await smtp.waitForMessages(1)).filter((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    if (!mail) return;
    expect(mail.from).toBe("hello@pawsomepicks.test");
    expect(mail.parsed.headers.from).toBe("Pawsome Picks <hello@pawsomepicks.test>");
    expect(mail.parsed.subject).toBe("Your dog toy matches from Pawsome Picks");
    expect(mail.parsed.text).toContain("Welcome to the Pawsome Picks newsletter!");

    // the same three toys the results screen shows
    const shown = await (await fetch(`${url}/api/quiz-recommendations?${new URLSearchParams(answers)}`)).json();
    expect(shown.recommendations).toHaveLength(3);
    for (const toy of shown.recommendations as { name: string }[]) {
      expect(mail.parsed.text).toContain(toy.name);
      expect(mail.parsed.html).toContain(toy.name.replace(/&/g, "&amp;").replace(/'/g, "&#39;"));
    }

    const listUnsubscribe = mail.parsed.headers["list-unsubscribe"] ?? "";
    const [httpsLink, mailto] = [...listUnsubscribe.matchAll(/<([^>]+)>/g)].map((m) => m[1] ?? "");
    expect(httpsLink).toMatch(/^https:\/\/www\.pawsomepicks\.test\/unsubscribe\?token=\d+\.[\w-]{32}$/);
    expect(mailto).toMatch(/^mailto:owner@pawsomepicks\.test\?subject=unsubscribe$/);
    expect(mail.parsed.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.parsed.text).toContain(httpsLink);

    // GET only asks (link scanners must not unsubscribe anyone)
    const page = await fetch(local(httpsLink ?? ""));
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain("Unsubscribe from our newsletter?");
    expect(html).toContain(email);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Unsubscribe<\/button>/);

    // RFC 8058: the mail provider POSTs List-Unsubscribe=One-Click to the link
    const oneClick = await fetch(local(httpsLink ?? ""), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain("You&#x27;re unsubscribed");
    // idempotent
    const again = await fetch(local(httpsLink ?? ""), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(again.status).toBe(200);
    expect(await (await fetch(local(httpsLink ?? ""))).text()).toContain("You&#x27;re already unsubscribed");

    // a forged or truncated token is refused
    const forged = (httpsLink ?? "").replace(/token=(\d+)\./, (_m, id) => `token=${Number(id) + 1}.`);
    const refused = await fetch(local(forged), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("This unsubscribe link is not valid");
    expect((await fetch(`${url}/unsubscribe?token=nonsense`)).status).toBe(400);
    expect((await fetch(`${url}/unsubscribe`)).status).toBe(400);

    // taking the quiz again does not undo the unsubscribe: the address is asked by e-mail instead
    smtp.messages.length = 0;
    const retaken = await post("/api/quiz-newsletter", { ...answers, email });
    expect(retaken.status).toBe(202);
    expect(await retaken.json()).toEqual({ emailSent: false, message: FORM_REPLIES.quizConfirmSent });
    const [ask] = await smtp.waitForMessages(1);
    expect(ask?.to).toEqual([email]);
    expect(ask?.parsed.subject).toBe("Do you want the newsletter again?");
    expect(await (await fetch(local(httpsLink ?? ""))).text()).toContain("You&#x27;re already unsubscribed");
    const confirmLink = /https:\/\/\S+\/newsletter\/confirm\?token=\S+/.exec(ask?.parsed.text ?? "")?.[0] ?? "";
    expect(ask?.parsed.html).toContain(`href="${confirmLink}"`);

    // GET only asks (link scanners must not subscribe anyone)
    const asking = await fetch(local(confirmLink));
    expect(asking.status).toBe(200);
    expect(asking.headers.get("cache-control")).toBe("private, no-store");
    const question = await asking.text();
    expect(question).toContain("Do you want the newsletter again?");
    expect(question).toContain(email);
    expect(question).toMatch(/<button[^>]*type="submit"[^>]*>Yes, subscribe me again<\/button>/);
    expect(await (await fetch(local(httpsLink ?? ""))).text()).toContain("You&#x27;re already unsubscribed");

    // the button's POST subscribes again; a second one changes nothing
    const token = new URL(confirmLink).searchParams.get("token") ?? "";
    const click = () =>
      fetch(local(confirmLink), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token }).toString(),
      });
    const confirmed = await click();
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("You&#x27;re subscribed again");
    expect(await (await click()).text()).toContain("You&#x27;re already subscribed");
    expect(await (await fetch(local(httpsLink ?? ""))).text()).toContain("Unsubscribe from our newsletter?");

    // a forged or missing token gets a clear message
    const forgedConfirm = await fetch(
      local(confirmLink.replace(/token=(\d+)\./, (_m, id) => `token=${Number(id) + 1}.`)),
    );
    expect(forgedConfirm.status).toBe(400);
    expect(await forgedConfirm.text()).toContain("This link is not valid");
    expect((await fetch(`${url}/newsletter/confirm`)).status).toBe(400);
  });

  it("links each toy to its tracked shop link or to its own page, never to /products?id=", async () => {
    smtp.messages.length = 0;
    const email = "links.check@example.com";
    expect((await post("/api/quiz-newsletter", { ...answers, email })).status).toBe(200);
    const [mail] = await smtp.waitForMessages(1);
    const links = [...(mail?.parsed.text ?? "").matchAll(/^ {3}(https:\/\/\S+)$/gm)].map((m) => m[1] ?? "");
    expect(links).toHaveLength(3);
    for (const link of links)
      expect(link).toMatch(/^https:\/\/www\.pawsomepicks\.test\/(go\/\d+\?from=email|toys\/[a-z0-9-]+)$/);
    expect(mail?.parsed.text).not.toContain("/products?id=");
  });
});

describe("the site's contact address", () => {
  it("is the configured CONTACT_TO on the legal, contact, unsubscribe and confirmation pages", async () => {
    for (const path of [
      "/privacy",
      "/terms",
      "/affiliate-disclosure",
      "/about",
      "/contact",
      "/unsubscribe?token=nonsense",
      "/newsletter/confirm?token=nonsense",
    ]) {
      const html = await (await fetch(`${url}${path}`)).text();
      expect(html, path).toContain('href="mailto:owner@pawsomepicks.test"');
      expect(html, path).not.toContain("support@pawsomepicks.com");
    }
  });
});

describe("contact notification", () => {
  it("reaches CONTACT_TO with the visitor as Reply-To, and a subject that cannot inject headers", async () => {
    smtp.messages.length = 0;
    const res = await post("/api/contact", {
      name: "Jo Smith",
      email: "jo@Example.com",
      subject: "Question\r\nBcc: victim@example.com",
      message: "Which toy suits a beagle that chews everything?",
      website: "",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      emailSent: true,
      message: "Thank you for reaching out. We'll get back to you soon.",
    });
    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.to).toEqual(["owner@pawsomepicks.test"]);
    expect(mail?.parsed.headers["reply-to"]).toBe("Jo Smith <jo@example.com>");
    expect(mail?.parsed.subject).toBe("Contact form: Question Bcc: victim@example.com");
    expect(mail?.parsed.headers.bcc).toBeUndefined();
    expect(mail?.parsed.text).toContain("Which toy suits a beagle that chews everything?");
    // one click from the notification to the message in the admin
    expect(mail?.parsed.text).toMatch(
      /^Open it in the admin: https:\/\/www\.pawsomepicks\.test\/admin\/messages\/\d+$/m,
    );
  });
});
