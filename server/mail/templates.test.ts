import { describe, expect, it } from "vitest";
import { PRICE_DISCLAIMER, priceView, priceViewText } from "#domain/price-stamp.ts";
import { contactNotificationEmail, quizResultsEmail, type RecommendedToyForEmail } from "./templates";
import { assertHeaderSafe } from "./transport";

const siteUrl = "https://www.pawsomepicks.com";
const unsubscribeUrl = "https://www.pawsomepicks.com/api/newsletter/unsubscribe?token=v1.abc_DEF-123";
const unsubscribeMailto = "mailto:support@pawsomepicks.com?subject=unsubscribe";
const answersSummary = [
  { label: "Size", value: "Small (under 20 lbs)" },
  { label: "Chew style", value: "Gentle" },
];
const toys: RecommendedToyForEmail[] = [
  { name: "Squeaky Hedgehog", description: "Soft plush with a squeaker.", price: "$12.99", url: `${siteUrl}/go/4` },
  { name: "Puzzle Feeder", description: "Slows down fast eaters.", price: "$24.50", url: `${siteUrl}/go/9` },
];

const postalAddress = "Pawsome Picks LLC\n12 Bark Lane\nPortland, OR 97201";

const quiz = (recommendations = toys, address: string | null = postalAddress) =>
  quizResultsEmail({
    to: "visitor@example.com",
    answersSummary,
    recommendations,
    siteUrl,
    unsubscribeUrl,
    unsubscribeMailto,
    postalAddress: address,
  });

/** The hidden preview line of an HTML e-mail (the first element of its body). */
const previewOf = (html = "") => /<body[^>]*><div style="display:none;[^"]*">([^&<]*)/.exec(html)?.[1] ?? null;

describe("quizResultsEmail", () => {
  it("welcomes the subscriber and lists their answers and each match with price, description and link", () => {
    const mail = quiz();
    expect(mail).toMatchObject({
      kind: "quiz-results",
      to: "visitor@example.com",
      subject: "Your dog toy matches from Pawsome Picks",
    });
    expect(mail.text).toContain("Welcome to the Pawsome Picks newsletter!");
    expect(mail.text).toContain("- Size: Small (under 20 lbs)");
    expect(mail.text).toContain("- Chew style: Gentle");
    expect(mail.text).toContain("1. Squeaky Hedgehog - $12.99");
    expect(mail.text).toContain("Soft plush with a squeaker.");
    expect(mail.text).toContain(`${siteUrl}/go/4`);
    expect(mail.text).toContain("2. Puzzle Feeder - $24.50");
    expect(mail.text).toContain(`${siteUrl}/go/9`);
    expect(mail.text).not.toContain(`${siteUrl}/products`);
    for (const part of [
      "Welcome to the Pawsome Picks newsletter!",
      "Small (under 20 lbs)",
      "Squeaky Hedgehog",
      "$24.50",
    ]) {
      expect(mail.html).toContain(part);
    }
    expect(mail.html).toContain(`href="${siteUrl}/go/4"`);
  });

  it("says why the e-mail came and how to unsubscribe, in both parts", () => {
    const mail = quiz();
    expect(mail.text).toContain("because you entered this address in the Dog Toy Matchmaker Quiz");
    expect(mail.text).toContain(`Unsubscribe: ${unsubscribeUrl}`);
    expect(mail.html).toContain(`href="${unsubscribeUrl}"`);
    expect(mail.html).toContain(">Unsubscribe</a>");
  });

  it("shows the sender's postal address in the footer of both parts, line by line (CAN-SPAM)", () => {
    const mail = quiz();
    expect(mail.text).toContain(
      `Unsubscribe: ${unsubscribeUrl}\n\nPawsome Picks LLC\n12 Bark Lane\nPortland, OR 97201\n`,
    );
    expect(mail.html).toContain(">Pawsome Picks LLC<br>12 Bark Lane<br>Portland, OR 97201</p></div></body>");
  });

  it("still goes out without a postal address, with no empty footer line for it", () => {
    const mail = quiz(toys, null);
    expect(mail.text).toMatch(/Unsubscribe: \S+\n$/);
    expect(mail.html).toContain(">Unsubscribe</a></p></div></body>");
  });

  it("names the matches in the inbox's preview line, hidden in the message", () => {
    expect(previewOf(quiz().html)).toBe("Your top 2 matches: Squeaky Hedgehog, Puzzle Feeder");
    expect(previewOf(quiz([toys[0] as RecommendedToyForEmail]).html)).toBe("Your top match: Squeaky Hedgehog");
    expect(previewOf(quiz([]).html)).toBe("Your answers, and plenty of great toys to explore for your dog.");
    expect(quiz().html).toMatch(/<div style="display:none;[^"]*max-height:0;[^"]*mso-hide:all;">/);
  });

  it("points to the catalogue when there is no match", () => {
    const mail = quiz([]);
    expect(mail.text).toContain(`${siteUrl}/products`);
    expect(mail.text).not.toMatch(/^1\. /m);
    expect(mail.html).toContain(`href="${siteUrl}/products"`);
  });

  it("carries one-click unsubscribe headers (RFC 2369 + RFC 8058) that are header-safe", () => {
    const { headers = {} } = quiz();
    expect(headers["List-Unsubscribe"]).toBe(`<${unsubscribeUrl}>, <${unsubscribeMailto}>`);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    for (const [name, value] of Object.entries(headers)) expect(() => assertHeaderSafe(name, value)).not.toThrow();
  });

  it("escapes every value it puts into the HTML", () => {
    const mail = quizResultsEmail({
      to: "visitor@example.com",
      answersSummary: [{ label: "Size <b>", value: `Tiny & "cute" 'pup'` }],
      recommendations: [
        {
          name: "<script>alert(1)</script>",
          description: `Tough & "durable" <img src=x onerror=alert(2)>`,
          price: "<$9.99>",
          url: `https://www.pawsomepicks.com/go/1?a=1&b="x"`,
        },
      ],
      siteUrl,
      unsubscribeUrl: `${unsubscribeUrl}&x="><script>`,
      unsubscribeMailto,
      postalAddress: `1 <b>Main</b> St & "Sons"`,
    });
    const html = mail.html ?? "";
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("Tough &amp; &quot;durable&quot; &lt;img src=x onerror=alert(2)&gt;");
    expect(html).toContain("Tiny &amp; &quot;cute&quot; &#39;pup&#39;");
    expect(html).toContain("&lt;$9.99&gt;");
    expect(html).toContain("1 &lt;b&gt;Main&lt;/b&gt; St &amp; &quot;Sons&quot;");
    expect(html).toContain('href="https://www.pawsomepicks.com/go/1?a=1&amp;b=&quot;x&quot;"');
    // the plain-text part shows the name as typed
    expect(mail.text).toContain("<script>alert(1)</script>");
  });

  it("shows each match's price line as the page does, with Amazon's disclaimer under the matches", () => {
    const line = priceViewText(
      priceView({
        price: "7.5",
        priceDiscount: null,
        priceAsOf: "2026-11-25T14:11:00.000Z",
        priceHidden: false,
        inStock: true,
      }),
    );
    const mail = quiz([{ name: "Ball", description: "Bouncy", price: line, url: `${siteUrl}/go/1` }]);
    expect(mail.text).toContain("1. Ball - $7.50 · price as of Nov 25, 2026, 14:11 UTC");
    expect(mail.html).toContain("$7.50 · price as of Nov 25, 2026, 14:11 UTC");
    expect(mail.text).toContain(PRICE_DISCLAIMER);
    expect(mail.html).toContain(PRICE_DISCLAIMER);
    // no prices, no disclaimer
    expect(quiz([]).text).not.toContain(PRICE_DISCLAIMER);
  });

  it("never links to a non-web address", () => {
    const mail = quiz([{ name: "Ball", description: "Bouncy", price: "$5", url: "javascript:alert(1)" }]);
    expect(mail.html).not.toContain("javascript:");
  });
});

describe("contactNotificationEmail", () => {
  const receivedAt = new Date("2026-05-04T10:20:30.000Z");

  it("tells the owner who wrote what and when, with replies going to the visitor", () => {
    const mail = contactNotificationEmail({
      to: "owner@pawsomepicks.com",
      message: {
        name: "Jane Doe",
        email: "jane@example.com",
        subject: "Toy suggestion",
        message: "Line one\nLine two",
      },
      receivedAt,
      adminUrl: "https://www.pawsomepicks.com/admin/messages/42",
    });
    expect(mail).toMatchObject({
      kind: "contact-notification",
      to: "owner@pawsomepicks.com",
      subject: "Contact form: Toy suggestion",
      replyTo: { name: "Jane Doe", address: "jane@example.com" },
    });
    expect(mail.text).toContain("Name: Jane Doe");
    expect(mail.text).toContain("Email: jane@example.com");
    expect(mail.text).toContain("Subject: Toy suggestion");
    expect(mail.text).toContain("Received: 2026-05-04T10:20:30.000Z");
    expect(mail.text).toContain("Line one\nLine two");
    expect(mail.text).toContain("Open it in the admin: https://www.pawsomepicks.com/admin/messages/42");
  });

  it("cannot be used to inject headers through the visitor's subject or name", () => {
    const mail = contactNotificationEmail({
      to: "owner@pawsomepicks.com",
      message: {
        name: "Eve\r\nBcc: victim@example.com",
        email: "eve@example.com",
        subject: "Hi\r\nBcc: victim@example.com\r\n\r\nspam body",
        message: "x",
      },
      receivedAt,
      adminUrl: "https://www.pawsomepicks.com/admin/messages/43",
    });
    expect(mail.subject).toBe("Contact form: Hi Bcc: victim@example.com spam body");
    expect(mail.replyTo?.name).toBe("Eve Bcc: victim@example.com");
    expect(() => assertHeaderSafe("Subject", mail.subject)).not.toThrow();
    expect(() => assertHeaderSafe("Reply-To", mail.replyTo?.name ?? "")).not.toThrow();
  });
});
