import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown";

describe("renderMarkdown", () => {
  it("renders headings, lists, emphasis and links", () => {
    const html = renderMarkdown("## Title\n\n- one\n- **two**\n\n1. first\n\n*soft* [quiz](/quiz)");
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<li><strong>two</strong></li>");
    expect(html).toContain("<ol>");
    expect(html).toContain("<em>soft</em>");
    expect(html).toContain('<a href="/quiz">quiz</a>');
  });

  it("opens external links in a new tab without giving them the opener", () => {
    expect(renderMarkdown("[AKC](https://www.akc.org/)")).toContain(
      '<a href="https://www.akc.org/" target="_blank" rel="noopener noreferrer">AKC</a>',
    );
  });

  it("renders script tags, event handlers and script links inert", () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[click](javascript:alert(3)) [data](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:msgbox)\n\n<a href="javascript:alert(4)">x</a>',
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toMatch(/href="(javascript|data|vbscript):/i);
    expect(html).not.toMatch(/<a href="javascript/i);
    expect(html).toContain("&lt;script&gt;");
  });
});
