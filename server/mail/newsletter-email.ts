import { newsletterPlacement } from "#domain/newsletters.ts";
import { boxPrice } from "#domain/price.ts";
import { comparisonRows, type PostBlock, type ProductBoxToy } from "#domain/product-boxes.ts";
import type { OutboxMessage } from "./outbox";
import { toHeaderText } from "./transport";

// A newsletter as e-mail (issue 19). The body is the post renderer's output (domain/markdown.ts:
// markdown-it without raw HTML, so its tags and attributes are known), restyled inline because
// mail programs drop <style> and class names, with every link made absolute. Buy boxes and
// comparison tables become tables, the one layout every mail program agrees on, and every
// retailer link goes through /go with the newsletter as its placement, so its clicks are its own.

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

const FONT = "font-family:Arial,Helvetica,sans-serif;color:#1f2937;";
const ACCENT = "#c2410c";
const MUTED = "#6b7280";

// The inline style of each element the markdown renderer writes.
const TAG_STYLES: Record<string, string> = {
  h1: `${FONT}font-size:24px;line-height:1.3;margin:24px 0 12px;`,
  h2: `${FONT}font-size:20px;line-height:1.3;margin:24px 0 10px;`,
  h3: `${FONT}font-size:17px;line-height:1.3;margin:20px 0 8px;`,
  h4: `${FONT}font-size:16px;margin:16px 0 8px;`,
  h5: `${FONT}font-size:15px;margin:16px 0 8px;`,
  h6: `${FONT}font-size:14px;margin:16px 0 8px;`,
  p: `${FONT}font-size:16px;line-height:1.6;margin:0 0 14px;`,
  ul: `${FONT}font-size:16px;line-height:1.6;margin:0 0 14px;padding-left:24px;`,
  ol: `${FONT}font-size:16px;line-height:1.6;margin:0 0 14px;padding-left:24px;`,
  li: "margin:0 0 6px;",
  blockquote: `${FONT}margin:0 0 14px;padding:4px 16px;border-left:4px solid #fdba74;color:#374151;`,
  pre: "font-family:Menlo,Consolas,monospace;font-size:13px;background:#f5f5f4;padding:12px;border-radius:6px;overflow:auto;white-space:pre-wrap;margin:0 0 14px;",
  code: "font-family:Menlo,Consolas,monospace;font-size:14px;background:#f5f5f4;padding:1px 4px;border-radius:4px;",
  table: `${FONT}border-collapse:collapse;width:100%;margin:0 0 14px;font-size:14px;`,
  th: "border:1px solid #e5e7eb;padding:6px 8px;text-align:left;background:#fafaf9;",
  td: "border:1px solid #e5e7eb;padding:6px 8px;",
  hr: "border:none;border-top:1px solid #e5e7eb;margin:24px 0;",
  a: `color:${ACCENT};font-weight:bold;text-decoration:underline;`,
  img: "max-width:100%;height:auto;border:0;display:block;margin:0 auto;",
};

/** An address on the site as an absolute https link; other absolute web and mailto links stay. */
function absolute(url: string, siteUrl: string): string | null {
  const trimmed = url.trim();
  if (/^(https?:|mailto:)/i.test(trimmed)) return trimmed;
  if (trimmed.startsWith("/") && !trimmed.startsWith("//")) return `${siteUrl}${trimmed}`;
  return null;
}

/** A toy's retailer link through /go, counted for this newsletter; its page when it has no retailer link. */
function toyLink(toy: ProductBoxToy, siteUrl: string, newsletterId: number): string {
  return toy.amazonUrl
    ? `${siteUrl}/go/${toy.id}?from=${newsletterPlacement(newsletterId)}`
    : `${siteUrl}/toys/${toy.slug}`;
}

/** The markdown renderer's HTML with inline styles and absolute links; /go links count for the newsletter. */
function emailSafeHtml(html: string, siteUrl: string, newsletterId: number): string {
  return html
    .replace(/<(h[1-6]|p|ul|ol|li|blockquote|pre|table|th|td|hr)(\s[^>]*)?>/g, (_tag, name: string, attrs = "") => {
      // a table cell's alignment from the markdown (`style="text-align:right"`) is kept after ours
      const own = /style="([^"]*)"/.exec(attrs)?.[1] ?? "";
      const rest = attrs.replace(/\s*style="[^"]*"/, "");
      return `<${name}${rest} style="${TAG_STYLES[name]}${own}">`;
    })
    .replace(/<code>/g, `<code style="${TAG_STYLES.code}">`)
    .replace(/<pre style="([^"]*)"><code style="[^"]*">/g, '<pre style="$1"><code>')
    .replace(/<a href="([^"]*)"([^>]*)>/g, (_tag, href: string, attrs: string) => {
      const decoded = href.replace(/&amp;/g, "&");
      let target = absolute(decoded, siteUrl);
      const go = target
        ? new RegExp(`^${siteUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/go/(\\d+)`).exec(target)
        : null;
      if (go) target = `${siteUrl}/go/${go[1]}?from=${newsletterPlacement(newsletterId)}`;
      const rest = attrs.replace(/\s*target="[^"]*"/, "").replace(/\s*rel="[^"]*"/, "");
      return target
        ? `<a href="${escapeHtml(target)}"${rest} style="${TAG_STYLES.a}">`
        : `<a${rest} style="${TAG_STYLES.a}">`;
    })
    .replace(/<img src="([^"]*)"([^>]*)>/g, (_tag, src: string, attrs: string) => {
      const target = absolute(src.replace(/&amp;/g, "&"), siteUrl);
      const rest = attrs.replace(/\s*(loading|decoding)="[^"]*"/g, "");
      return target ? `<img src="${escapeHtml(target)}"${rest} style="${TAG_STYLES.img}">` : "";
    });
}

function priceHtml(toy: ProductBoxToy): string {
  const { current, regular } = boxPrice(toy);
  if (!current) return "";
  const was = regular ? ` <s style="color:${MUTED};font-weight:normal;">${escapeHtml(regular)}</s>` : "";
  return `<span style="color:${ACCENT};font-weight:bold;">${escapeHtml(current)}</span>${was}`;
}

function ratingText(toy: ProductBoxToy): string {
  const reviews = toy.reviewCount > 0 ? ` (${toy.reviewCount.toLocaleString("en-US")} reviews)` : "";
  return `★ ${toy.rating}/5${reviews}`;
}

function buttonHtml(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="display:inline-block;background:${ACCENT};color:#ffffff;font-family:Arial,Helvetica,sans-serif;font-size:15px;font-weight:bold;text-decoration:none;padding:10px 18px;border-radius:6px;">${escapeHtml(label)}</a>`;
}

function buyBoxHtml(toy: ProductBoxToy, siteUrl: string, newsletterId: number): string {
  const image = toy.imageUrl ? absolute(toy.imageUrl, siteUrl) : null;
  const imageCell = image
    ? `<td width="120" valign="top" style="padding:12px;width:120px;"><img src="${escapeHtml(image)}" width="120" alt="${escapeHtml(toy.name)}" style="display:block;width:120px;max-width:120px;height:auto;border:0;border-radius:6px;"></td>`
    : "";
  const stock = toy.inStock
    ? ""
    : `<p style="${FONT}margin:0 0 8px;color:#b91c1c;font-weight:bold;">Currently out of stock</p>`;
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border:1px solid #e5e7eb;border-radius:8px;margin:0 0 16px;border-collapse:separate;"><tr>` +
    imageCell +
    `<td valign="top" style="${FONT}padding:12px;">` +
    `<p style="${FONT}margin:0 0 4px;font-size:17px;font-weight:bold;">${escapeHtml(toy.name)}</p>` +
    `<p style="${FONT}margin:0 0 6px;font-size:15px;">${priceHtml(toy)} <span style="color:${MUTED};">${escapeHtml(ratingText(toy))}</span></p>` +
    `<p style="${FONT}margin:0 0 10px;font-size:15px;line-height:1.5;">${escapeHtml(toy.description)}</p>` +
    stock +
    buttonHtml(toyLink(toy, siteUrl, newsletterId), toy.amazonUrl ? "View on Amazon" : "See the toy") +
    `</td></tr></table>`
  );
}

// the page's comparison facts (product-boxes.ts), as text
function compareRows(toys: ProductBoxToy[]): { label: string; values: string[] }[] {
  return comparisonRows(toys).map((row) => ({ label: row.label, values: row.values.map((value) => value ?? "-") }));
}

function compareHtml(toys: ProductBoxToy[], siteUrl: string, newsletterId: number): string {
  const cell = `${FONT}border:1px solid #e5e7eb;padding:8px;font-size:14px;vertical-align:top;`;
  const head = toys
    .map((toy) => `<th style="${cell}text-align:left;background:#fff7ed;">${escapeHtml(toy.name)}</th>`)
    .join("");
  const rows = compareRows(toys)
    .map(
      (row) =>
        `<tr><th style="${cell}text-align:left;background:#fafaf9;">${escapeHtml(row.label)}</th>${row.values
          .map((value) => `<td style="${cell}">${escapeHtml(value)}</td>`)
          .join("")}</tr>`,
    )
    .join("");
  const links = toys
    .map(
      (toy) =>
        `<td style="${cell}"><a href="${escapeHtml(toyLink(toy, siteUrl, newsletterId))}" style="${TAG_STYLES.a}">${toy.amazonUrl ? "View on Amazon" : "See the toy"}</a></td>`,
    )
    .join("");
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px;">` +
    `<tr><td style="${cell}background:#fff7ed;"></td>${head}</tr>${rows}<tr><td style="${cell}"></td>${links}</tr></table>`
  );
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** The markdown renderer's HTML as plain text: headings and paragraphs apart, list items marked, links written out. */
function htmlToText(html: string, siteUrl: string, newsletterId: number): string {
  return emailSafeHtml(html, siteUrl, newsletterId)
    .replace(/<a href="([^"]*)"[^>]*>(.*?)<\/a>/gs, (_a, href: string, text: string) => {
      const url = href.replace(/&amp;/g, "&");
      const label = text.replace(/<[^>]+>/g, "");
      return label === url || `mailto:${label}` === url ? url : `${label} (${url})`;
    })
    .replace(/<img [^>]*alt="([^"]*)"[^>]*>/g, "[$1]")
    .replace(/<h[1-6][^>]*>(.*?)<\/h[1-6]>/gs, (_h, text: string) => `\n${text.toUpperCase()}\n\n`)
    .replace(/<li[^>]*>/g, "- ")
    .replace(/<\/(p|li|tr|blockquote|pre|ul|ol|table)>/g, "\n")
    .replace(/<(hr)[^>]*>/g, "\n----\n")
    .replace(/<\/t[hd]>/g, " | ")
    .replace(/<br\s*\/?>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_e, name: string) => ENTITIES[name] ?? "")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function buyBoxText(toy: ProductBoxToy, siteUrl: string, newsletterId: number): string {
  const { current, regular } = boxPrice(toy);
  const price = [current, regular ? `(was ${regular})` : ""].filter(Boolean).join(" ");
  return [
    `* ${toy.name}${price ? ` - ${price}` : ""} - ${ratingText(toy)}`,
    `  ${toy.description}`,
    ...(toy.inStock ? [] : ["  Currently out of stock"]),
    `  ${toyLink(toy, siteUrl, newsletterId)}`,
  ].join("\n");
}

function compareText(toys: ProductBoxToy[], siteUrl: string, newsletterId: number): string {
  const rows = compareRows(toys);
  return [
    "Comparison:",
    ...toys.map((toy, i) =>
      [
        `${i + 1}. ${toy.name}`,
        ...rows.map((row) => `   ${row.label}: ${row.values[i] ?? "-"}`),
        `   ${toyLink(toy, siteUrl, newsletterId)}`,
      ].join("\n"),
    ),
  ].join("\n");
}

export interface NewsletterEmailInput {
  newsletterId: number;
  subject: string;
  /** the body's blocks as visitors see them (resolvePostBlocks, "visitor") */
  blocks: readonly PostBlock[];
  siteUrl: string;
  /** the recipient's own signed link; null in a test send or the preview (no subscriber) */
  unsubscribeUrl: string | null;
}

const WHY =
  "You are receiving this e-mail because you signed up to the Pawsome Picks newsletter (in our Dog Toy Matchmaker Quiz).";
const AFFILIATE =
  "Some links are affiliate links: we may earn a commission when you buy through them, at no extra cost to you.";
const NO_LINK_YET = "Each subscriber's copy has their own unsubscribe link here.";

/** The HTML and text parts of a newsletter for one recipient. */
export function renderNewsletter(input: NewsletterEmailInput): { subject: string; html: string; text: string } {
  const { newsletterId, siteUrl } = input;
  const bodyHtml = input.blocks
    .map((block) => {
      if (block.kind === "html") return emailSafeHtml(block.html, siteUrl, newsletterId);
      if (block.kind === "toy") return buyBoxHtml(block.toy, siteUrl, newsletterId);
      if (block.kind === "compare") return compareHtml(block.toys, siteUrl, newsletterId);
      return "";
    })
    .join("\n");
  const bodyText = input.blocks
    .map((block) => {
      if (block.kind === "html") return htmlToText(block.html, siteUrl, newsletterId);
      if (block.kind === "toy") return buyBoxText(block.toy, siteUrl, newsletterId);
      if (block.kind === "compare") return compareText(block.toys, siteUrl, newsletterId);
      return "";
    })
    .filter(Boolean)
    .join("\n\n");

  const unsubscribeHtml = input.unsubscribeUrl
    ? `<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:${MUTED};">Unsubscribe</a>`
    : `<span style="color:${MUTED};">${escapeHtml(NO_LINK_YET)}</span>`;
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>',
    escapeHtml(input.subject),
    `</title></head><body style="margin:0;padding:16px;background:#fff7ed;">`,
    `<div style="${FONT}max-width:600px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px;">`,
    `<p style="${FONT}margin:0 0 16px;font-size:14px;font-weight:bold;color:${ACCENT};">Pawsome Picks</p>`,
    `<h1 style="${TAG_STYLES.h1}margin-top:0;">${escapeHtml(input.subject)}</h1>`,
    bodyHtml,
    `<p style="${FONT}margin:24px 0 0;">More toys, reviews and guides on <a href="${escapeHtml(siteUrl)}" style="${TAG_STYLES.a}">Pawsome Picks</a>.</p>`,
    `<hr style="${TAG_STYLES.hr}">`,
    `<p style="${FONT}font-size:12px;line-height:1.5;color:${MUTED};margin:0;">${escapeHtml(WHY)} ${escapeHtml(AFFILIATE)} ${unsubscribeHtml}</p>`,
    "</div></body></html>",
  ].join("");

  const text = [
    input.subject,
    "=".repeat(Math.min(input.subject.length, 60)),
    "",
    bodyText,
    "",
    `More toys, reviews and guides: ${siteUrl}`,
    "",
    "--",
    WHY,
    AFFILIATE,
    input.unsubscribeUrl ? `Unsubscribe: ${input.unsubscribeUrl}` : NO_LINK_YET,
    "",
  ].join("\n");
  return { subject: input.subject, html, text };
}

/** One subscriber's newsletter for the outbox, with RFC 2369/8058 one-click unsubscribe. */
export function newsletterEmail(
  input: NewsletterEmailInput & { to: string; unsubscribeUrl: string; unsubscribeMailto: string },
): OutboxMessage {
  const { subject, html, text } = renderNewsletter(input);
  return {
    kind: "newsletter",
    to: input.to,
    subject: toHeaderText(subject),
    text,
    html,
    headers: {
      "List-Unsubscribe": `<${input.unsubscribeUrl}>, <${input.unsubscribeMailto}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
