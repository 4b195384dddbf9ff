import MarkdownIt from "markdown-it";
import { COMPARE_MAX, COMPARE_MIN } from "./product-boxes";

// Post bodies are written by admins but treated as untrusted: raw HTML is not rendered
// (it comes out as text), and markdown-it refuses javascript:, vbscript:, file: and
// non-image data: URLs. So <script>, event handlers and script links render inert.
const md = new MarkdownIt({ html: false, linkify: true, typographer: true, breaks: false });

const defaultLinkOpen =
  md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));

md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  const href = String(token?.attrGet("href") ?? "");
  if (token && /^https?:\/\//i.test(href)) {
    token.attrSet("target", "_blank");
    token.attrSet("rel", "noopener noreferrer");
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

md.renderer.rules.image = (tokens, idx, options, _env, self) => {
  const token = tokens[idx];
  if (token) {
    token.attrSet("loading", "lazy");
    token.attrSet("decoding", "async");
    token.attrSet("alt", self.renderInlineAsText(token.children ?? [], options, _env));
  }
  return self.renderToken(tokens, idx, options);
};

/**
 * A product token on a line of its own: `[[toy:SLUG]]` (a buy box) or
 * `[[compare:SLUG,SLUG,...]]` (a comparison table of 2 to 6 toys). `invalid` is a token line
 * that cannot be used as written; the admin preview says why, visitors see nothing.
 */
export type ProductEmbed =
  | { type: "toy"; slug: string }
  | { type: "compare"; slugs: string[] }
  | { type: "invalid"; token: string; reason: string };

/** A post body cut at its product tokens: safe HTML, and the tokens in their places. */
export type MarkdownPart = { kind: "html"; html: string } | { kind: "embed"; embed: ProductEmbed };

const EMBED_LINE = /^\[\[(toy|compare):([^\]\n]*)\]\]\s*$/;
const EMBED_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function parseEmbed(kind: string, body: string, token: string): ProductEmbed {
  const slugs = body.split(",").map((slug) => slug.trim().toLowerCase());
  const bad = slugs.find((slug) => !EMBED_SLUG.test(slug));
  if (bad !== undefined) {
    return { type: "invalid", token, reason: bad === "" ? "A toy's slug is missing." : `"${bad}" is not a toy slug.` };
  }
  if (kind === "toy") {
    return slugs.length === 1 && slugs[0]
      ? { type: "toy", slug: slugs[0] }
      : { type: "invalid", token, reason: "A buy box names one toy; use [[compare:...]] for several." };
  }
  const unique = [...new Set(slugs)];
  if (unique.length < COMPARE_MIN || unique.length > COMPARE_MAX) {
    return {
      type: "invalid",
      token,
      reason: `A comparison table needs ${COMPARE_MIN} to ${COMPARE_MAX} different toys.`,
    };
  }
  return { type: "compare", slugs: unique };
}

// A block rule for token lines. It runs before paragraphs (and may end one), so a token right
// under a line of text is still a token; only at the top level: inside a list or a quote a
// box could not be placed, and the text stays text. Fenced and indented code keeps its tokens
// as code, because those rules run first.
md.block.ruler.before(
  "paragraph",
  "product_embed",
  (state, startLine, _endLine, silent) => {
    if (state.level !== 0 || (state.sCount[startLine] ?? 0) - state.blkIndent >= 4) return false;
    const start = (state.bMarks[startLine] ?? 0) + (state.tShift[startLine] ?? 0);
    const line = state.src.slice(start, state.eMarks[startLine]);
    const match = EMBED_LINE.exec(line);
    if (!match) return false;
    if (silent) return true;
    const token = state.push("product_embed", "", 0);
    token.meta = parseEmbed(match[1] ?? "", match[2] ?? "", line.trim());
    token.map = [startLine, startLine + 1];
    token.block = true;
    state.line = startLine + 1;
    return true;
  },
  { alt: ["paragraph"] },
);

/** Renders a post body (markdown) to HTML that is safe to insert into the page; product tokens are left out. */
export function renderMarkdown(source: string): string {
  return renderMarkdownParts(source)
    .map((part) => (part.kind === "html" ? part.html : ""))
    .join("");
}

/** Renders a post body to safe HTML parts, cut at its product tokens (which the page fills from the live catalogue). */
export function renderMarkdownParts(source: string): MarkdownPart[] {
  const env = {};
  const tokens = md.parse(source, env);
  const parts: MarkdownPart[] = [];
  let from = 0;
  const flush = (to: number) => {
    if (to > from) {
      const html = md.renderer.render(tokens.slice(from, to), md.options, env);
      if (html.trim() !== "") parts.push({ kind: "html", html });
    }
  };
  tokens.forEach((token, index) => {
    if (token.type !== "product_embed") return;
    flush(index);
    parts.push({ kind: "embed", embed: token.meta as ProductEmbed });
    from = index + 1;
  });
  flush(tokens.length);
  return parts;
}

/**
 * The toy slugs a post body places (its buy boxes and comparison tables), stored with the post
 * when it is saved so a toy page finds its posts by an array overlap instead of reading every
 * post's text (issue 20: that read was most of an uncached toy page).
 */
export function placedToySlugs(source: string): string[] {
  return embeddedSlugs(renderMarkdownParts(source));
}

/** Every toy slug the body's tokens name, once each, in order. */
export function embeddedSlugs(parts: readonly MarkdownPart[]): string[] {
  const slugs = new Set<string>();
  for (const part of parts) {
    if (part.kind !== "embed") continue;
    if (part.embed.type === "toy") slugs.add(part.embed.slug);
    if (part.embed.type === "compare") for (const slug of part.embed.slugs) slugs.add(slug);
  }
  return [...slugs];
}
