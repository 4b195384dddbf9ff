import type { EmailImageCopy } from "#domain/media.ts";
import { newsletterPlacement, PRODUCT_TOKEN_TEXT } from "#domain/newsletters.ts";
import {
  CHECK_PRICE_TEXT,
  OUT_OF_STOCK_TEXT,
  PRICE_DISCLAIMER,
  priceView,
  priceViewText,
} from "#domain/price-stamp.ts";
import { comparisonRows, type PostBlock, type ProductBoxToy } from "#domain/product-boxes.ts";
import { escapeHtml, postalAddressHtml, preheaderHtml, previewLine } from "./email-html";
import type { OutboxMessage } from "./outbox";
import { toHeaderText } from "./transport";

// A newsletter as e-mail (issue 19). The body is the post renderer's output (domain/markdown.ts:
// markdown-it without raw HTML, so its tags and attributes are known), restyled inline because
// mail programs drop <style> and class names, with every link made absolute. Buy boxes and
// comparison tables become tables, the one layout every mail program agrees on, and every
// retailer link goes through /go with the newsletter as its placement, so its clicks are its own.
// Images are what every mail program shows (decision 047): an upload becomes its JPEG or PNG
// e-mail copy with its size set, and an SVG or WebP from elsewhere is left out. Product token
// text that is no buy box never reaches a reader: sending is refused while the body has any,
// and whatever is left (a send begun before) is taken out here.

const FONT = "font-family:Arial,Helvetica,sans-serif;color:#1f2937;";
const ACCENT = "#c2410c";
const MUTED = "#6b7280";
/** The message's column is 600 px wide with 24 px padding on each side. */
const CONTENT_WIDTH = 552;
/** A buy box shows its toy's image this wide. */
const BOX_IMAGE_WIDTH = 120;

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

/** What one rendering knows, and the images it had to leave out. */
interface RenderContext {
  siteUrl: string;
  newsletterId: number;
  /** e-mail copies of the uploads the body and its toys show, by content hash */
  images: ReadonlyMap<string, EmailImageCopy>;
  leftOut: { src: string; reason: string }[];
}

const UPLOAD_PATH = /^\/uploads\/([0-9a-f]{64})(?:-[0-9]+)?\.webp$/;

/** The content hash of an upload's address (or one of its copies'), on this site; null for any other image. */
function uploadHash(src: string, siteUrl: string): string | null {
  const trimmed = src.trim();
  const path = trimmed.startsWith(`${siteUrl}/`) ? trimmed.slice(siteUrl.length) : trimmed;
  return UPLOAD_PATH.exec(path)?.[1] ?? null;
}

const LEFT_OUT = {
  deleted: "The image is no longer in the media library.",
  svg: "SVG images do not show in Gmail and other mail programs: upload the image as a JPEG or PNG instead.",
  webp: "WebP images do not show in classic Outlook: upload the image to the media library (e-mails then get a JPEG or PNG copy) instead.",
  address: "Mail programs show only images at a web address: upload the image to the media library instead.",
} as const;

/** How an image shows in the e-mail: its e-mail copy with its size, an image from elsewhere as it is, or left out and why. */
function emailImage(
  src: string,
  ctx: RenderContext,
): { src: string; size: { width: number; height: number } | null; altText: string | null } | { leftOut: string } {
  const hash = uploadHash(src, ctx.siteUrl);
  if (hash) {
    const copy = ctx.images.get(hash);
    if (!copy) return { leftOut: LEFT_OUT.deleted };
    return { src: `${ctx.siteUrl}${copy.url}`, size: copy, altText: copy.altText };
  }
  const target = absolute(src, ctx.siteUrl);
  const path = target && URL.canParse(target) ? new URL(target).pathname.toLowerCase() : null;
  if (!target || path === null || target.startsWith("mailto:")) return { leftOut: LEFT_OUT.address };
  if (/\.svgz?$/.test(path)) return { leftOut: LEFT_OUT.svg };
  if (path.endsWith(".webp")) return { leftOut: LEFT_OUT.webp };
  return { src: target, size: null, altText: null };
}

/** `width` and `height` attributes for an image shown at most `widest` pixels wide. */
function sizeAttributes(size: { width: number; height: number } | null, widest: number): string {
  if (!size) return ` width="${widest}"`;
  const width = Math.min(size.width, widest);
  return ` width="${width}" height="${Math.max(1, Math.round((size.height * width) / size.width))}"`;
}

/** Every upload a body's blocks show (its images and its toys'), by content hash: what the e-mail copies are needed of. */
export function uploadHashesOf(blocks: readonly PostBlock[], siteUrl: string): string[] {
  const hashes = new Set<string>();
  const add = (src: string | null | undefined) => {
    const hash = src ? uploadHash(src.replace(/&amp;/g, "&"), siteUrl) : null;
    if (hash) hashes.add(hash);
  };
  for (const block of blocks) {
    if (block.kind === "html") for (const match of block.html.matchAll(/<img src="([^"]*)"/g)) add(match[1]);
    if (block.kind === "toy") add(block.toy.imageUrl);
  }
  return [...hashes];
}

/**
 * The markdown renderer's HTML with inline styles, absolute links and e-mail images; /go links
 * count for the newsletter; leftover product token text is taken out.
 */
function emailSafeHtml(html: string, ctx: RenderContext): string {
  const { siteUrl, newsletterId } = ctx;
  return html
    .replace(PRODUCT_TOKEN_TEXT, "")
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
      const decoded = src.replace(/&amp;/g, "&");
      const shown = emailImage(decoded, ctx);
      if ("leftOut" in shown) {
        ctx.leftOut.push({ src: decoded, reason: shown.leftOut });
        return "";
      }
      // the markdown's alt text (already escaped), else the library's description of the upload
      const written = /alt="([^"]*)"/.exec(attrs)?.[1] ?? "";
      const alt = written || escapeHtml(shown.altText ?? "");
      const title = /\stitle="[^"]*"/.exec(attrs)?.[0] ?? "";
      return `<img src="${escapeHtml(shown.src)}"${sizeAttributes(shown.size, CONTENT_WIDTH)} alt="${alt}"${title} style="${TAG_STYLES.img}">`;
    });
}

/** The price as the page shows it (price-stamp.ts): with its stamp, or the out-of-stock or check-the-price note. */
function priceHtml(toy: ProductBoxToy): string {
  const view = priceView(toy);
  if (view.kind === "check")
    return `<span style="color:${MUTED};font-weight:bold;">${escapeHtml(CHECK_PRICE_TEXT)}</span>`;
  const stamp = view.stamp ? ` <span style="color:${MUTED};font-size:13px;">· ${escapeHtml(view.stamp)}</span>` : "";
  if (view.kind === "out-of-stock") {
    return `<span style="color:#b91c1c;font-weight:bold;">${escapeHtml(OUT_OF_STOCK_TEXT)}</span>${stamp}`;
  }
  const was = view.regular ? ` <s style="color:${MUTED};font-weight:normal;">${escapeHtml(view.regular)}</s>` : "";
  return `<span style="color:${ACCENT};font-weight:bold;">${escapeHtml(view.current)}</span>${was}${stamp}`;
}

function ratingText(toy: ProductBoxToy): string {
  const reviews = toy.reviewCount > 0 ? ` (${toy.reviewCount.toLocaleString("en-US")} reviews)` : "";
  return `★ ${toy.rating}/5${reviews}`;
}

function buttonHtml(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="display:inline-block;background:${ACCENT};color:#ffffff;font-family:Arial,Helvetica,sans-serif;font-size:15px;font-weight:bold;text-decoration:none;padding:10px 18px;border-radius:6px;">${escapeHtml(label)}</a>`;
}

function buyBoxHtml(toy: ProductBoxToy, ctx: RenderContext): string {
  const { siteUrl, newsletterId } = ctx;
  let imageCell = "";
  if (toy.imageUrl) {
    const shown = emailImage(toy.imageUrl, ctx);
    if ("leftOut" in shown) ctx.leftOut.push({ src: toy.imageUrl, reason: shown.leftOut });
    else {
      imageCell = `<td width="${BOX_IMAGE_WIDTH}" valign="top" style="padding:12px;width:${BOX_IMAGE_WIDTH}px;"><img src="${escapeHtml(shown.src)}"${sizeAttributes(shown.size, BOX_IMAGE_WIDTH)} alt="${escapeHtml(toy.name)}" style="display:block;width:${BOX_IMAGE_WIDTH}px;max-width:${BOX_IMAGE_WIDTH}px;height:auto;border:0;border-radius:6px;"></td>`;
    }
  }
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border:1px solid #e5e7eb;border-radius:8px;margin:0 0 16px;border-collapse:separate;"><tr>` +
    imageCell +
    `<td valign="top" style="${FONT}padding:12px;">` +
    `<p style="${FONT}margin:0 0 4px;font-size:17px;font-weight:bold;">${escapeHtml(toy.name)}</p>` +
    `<p style="${FONT}margin:0 0 6px;font-size:15px;">${priceHtml(toy)} <span style="color:${MUTED};">${escapeHtml(ratingText(toy))}</span></p>` +
    `<p style="${FONT}margin:0 0 10px;font-size:15px;line-height:1.5;">${escapeHtml(toy.description)}</p>` +
    buttonHtml(toyLink(toy, siteUrl, newsletterId), toy.amazonUrl ? "View on Amazon" : "See the toy") +
    `</td></tr></table>`
  );
}

// the page's comparison facts (product-boxes.ts), as text
function compareRows(toys: ProductBoxToy[]): { label: string; values: string[] }[] {
  return comparisonRows(toys).map((row) => ({ label: row.label, values: row.values.map((value) => value ?? "-") }));
}

function compareHtml(toys: ProductBoxToy[], { siteUrl, newsletterId }: RenderContext): string {
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
function htmlToText(html: string, ctx: RenderContext): string {
  return emailSafeHtml(html, ctx)
    .replace(/<a href="([^"]*)"[^>]*>(.*?)<\/a>/gs, (_a, href: string, text: string) => {
      const url = href.replace(/&amp;/g, "&");
      const label = text.replace(/<[^>]+>/g, "");
      return label === url || `mailto:${label}` === url ? url : `${label} (${url})`;
    })
    .replace(/<img [^>]*alt="([^"]*)"[^>]*>/g, (_img, alt: string) => (alt ? `[${alt}]` : ""))
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

function buyBoxText(toy: ProductBoxToy, { siteUrl, newsletterId }: RenderContext): string {
  return [
    `* ${toy.name} - ${priceViewText(priceView(toy))} - ${ratingText(toy)}`,
    `  ${toy.description}`,
    `  ${toyLink(toy, siteUrl, newsletterId)}`,
  ].join("\n");
}

function compareText(toys: ProductBoxToy[], { siteUrl, newsletterId }: RenderContext): string {
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
  /** the owner's preview line; null: the body's first paragraph */
  preheader: string | null;
  /** the body's blocks as visitors see them (resolvePostBlocks, "visitor") */
  blocks: readonly PostBlock[];
  /** e-mail copies of the uploads the blocks show (uploadHashesOf), by content hash */
  images: ReadonlyMap<string, EmailImageCopy>;
  siteUrl: string;
  /** the recipient's own signed link; null in a test send or the preview (no subscriber) */
  unsubscribeUrl: string | null;
  /** the sender's postal address (CAN-SPAM); null only in a preview or test before one is set */
  postalAddress: string | null;
}

export interface RenderedNewsletter {
  subject: string;
  /** the preview line mail programs show after the subject */
  preheader: string;
  html: string;
  text: string;
  /** images the e-mail leaves out, and why */
  leftOutImages: { src: string; reason: string }[];
}

const WHY =
  "You are receiving this e-mail because you signed up to the Pawsome Picks newsletter (in our Dog Toy Matchmaker Quiz).";
const AFFILIATE =
  "Some links are affiliate links: we may earn a commission when you buy through them, at no extra cost to you.";
const NO_LINK_YET = "Each subscriber's copy has their own unsubscribe link here.";

/** The body's first paragraph as plain text (the preview line when the owner wrote none). */
function firstParagraphText(blocks: readonly PostBlock[]): string {
  for (const block of blocks) {
    if (block.kind !== "html") continue;
    const paragraph = /<p>(.*?)<\/p>/s.exec(block.html)?.[1];
    if (paragraph === undefined) continue;
    const text = paragraph
      .replace(PRODUCT_TOKEN_TEXT, "")
      .replace(/<[^>]+>/g, "")
      .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_e, name: string) => ENTITIES[name] ?? "")
      .trim();
    if (text) return text;
  }
  return "";
}

/** The HTML and text parts of a newsletter for one recipient. */
export function renderNewsletter(input: NewsletterEmailInput): RenderedNewsletter {
  const ctx: RenderContext = {
    siteUrl: input.siteUrl,
    newsletterId: input.newsletterId,
    images: input.images,
    leftOut: [],
  };
  const { siteUrl } = input;
  const bodyHtml = input.blocks
    .map((block) => {
      if (block.kind === "html") return emailSafeHtml(block.html, ctx);
      if (block.kind === "toy") return buyBoxHtml(block.toy, ctx);
      if (block.kind === "compare") return compareHtml(block.toys, ctx);
      return "";
    })
    .join("\n");
  // the text part meets the same images: their reasons are already noted
  const textCtx = { ...ctx, leftOut: [] };
  const bodyText = input.blocks
    .map((block) => {
      if (block.kind === "html") return htmlToText(block.html, textCtx);
      if (block.kind === "toy") return buyBoxText(block.toy, textCtx);
      if (block.kind === "compare") return compareText(block.toys, textCtx);
      return "";
    })
    .filter(Boolean)
    .join("\n\n");
  // the owner's line as written (the form keeps it short); the first paragraph cut to fit
  const preheader = input.preheader ?? previewLine(firstParagraphText(input.blocks));

  const unsubscribeHtml = input.unsubscribeUrl
    ? `<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:${MUTED};">Unsubscribe</a>`
    : `<span style="color:${MUTED};">${escapeHtml(NO_LINK_YET)}</span>`;
  const footer = `${FONT}font-size:12px;line-height:1.5;color:${MUTED};margin:0;`;
  // Amazon's disclaimer goes with every stamped price; an e-mail cannot open a popover, so it is written out
  const showsPrices = input.blocks.some((block) => block.kind === "toy" || block.kind === "compare");
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>',
    escapeHtml(input.subject),
    `</title></head><body style="margin:0;padding:16px;background:#fff7ed;">`,
    preheaderHtml(preheader),
    `<div style="${FONT}max-width:600px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px;">`,
    `<p style="${FONT}margin:0 0 16px;font-size:14px;font-weight:bold;color:${ACCENT};">Pawsome Picks</p>`,
    `<h1 style="${TAG_STYLES.h1}margin-top:0;">${escapeHtml(input.subject)}</h1>`,
    bodyHtml,
    `<p style="${FONT}margin:24px 0 0;">More toys, reviews and guides on <a href="${escapeHtml(siteUrl)}" style="${TAG_STYLES.a}">Pawsome Picks</a>.</p>`,
    `<hr style="${TAG_STYLES.hr}">`,
    showsPrices ? `<p style="${footer}margin-bottom:12px;">${escapeHtml(PRICE_DISCLAIMER)}</p>` : "",
    `<p style="${footer}">${escapeHtml(WHY)} ${escapeHtml(AFFILIATE)} ${unsubscribeHtml}</p>`,
    postalAddressHtml(input.postalAddress, `${footer}margin-top:12px;`),
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
    ...(showsPrices ? [PRICE_DISCLAIMER, ""] : []),
    WHY,
    AFFILIATE,
    input.unsubscribeUrl ? `Unsubscribe: ${input.unsubscribeUrl}` : NO_LINK_YET,
    ...(input.postalAddress ? ["", input.postalAddress] : []),
    "",
  ].join("\n");
  // one note per image, however often the body shows it
  const leftOutImages = [...new Map(ctx.leftOut.map((image) => [image.src, image])).values()];
  return { subject: input.subject, preheader, html, text, leftOutImages };
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
