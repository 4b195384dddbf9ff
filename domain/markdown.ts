import MarkdownIt from "markdown-it";

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

/** Renders a post body (markdown) to HTML that is safe to insert into the page. */
export function renderMarkdown(source: string): string {
  return md.render(source);
}
