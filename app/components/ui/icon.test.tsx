import XNode from "lucide/dist/esm/icons/x.mjs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { icon } from "./icon";

const X = icon("x", XNode);

describe("an icon drawn from its Lucide module file", () => {
  it("draws Lucide's shape with Lucide's classes, hidden from screen readers as decoration", () => {
    const svg = renderToStaticMarkup(<X className="size-4" />);
    expect(svg).toMatch(/^<svg [^>]*class="lucide lucide-x size-4"/);
    expect(svg).toContain('aria-hidden="true"');
    expect(svg).toContain('viewBox="0 0 24 24"');
    expect(svg).toContain('<path d="M18 6 6 18"></path><path d="m6 6 12 12"></path>');
  });

  it("is announced when it is given a name, and takes a size", () => {
    const svg = renderToStaticMarkup(<X aria-label="Close" size={16} />);
    expect(svg).not.toContain("aria-hidden");
    expect(svg).toContain('aria-label="Close"');
    expect(svg).toMatch(/width="16" height="16"/);
  });
});
