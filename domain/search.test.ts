import { describe, expect, it } from "vitest";
import {
  countedTerm,
  escapeHtml,
  highlight,
  MAX_QUERY_LENGTH,
  normaliseQuery,
  plainText,
  queryWords,
  searchPageNumber,
  snippet,
  snippetHtml,
  wordMatches,
} from "./search";

describe("normaliseQuery", () => {
  it("trims, makes white space and control characters single spaces, and cuts at 100 characters", () => {
    expect(normaliseQuery("  chew \t\n rope\u0000 ")).toBe("chew rope");
    expect(normaliseQuery("ｋｏｎｇ")).toBe("kong");
    expect(normaliseQuery("a".repeat(150))).toHaveLength(MAX_QUERY_LENGTH);
    expect(normaliseQuery(`${"a".repeat(99)} b`)).toBe("a".repeat(99));
    expect(normaliseQuery(undefined)).toBe("");
    expect(normaliseQuery(["kong"])).toBe("");
  });

  it("counts the lower-cased words only", () => {
    expect(countedTerm("  Chew   ROPE ")).toBe("chew rope");
  });
});

describe("searchPageNumber", () => {
  it("takes a whole page number within bounds, page 1 otherwise", () => {
    expect(searchPageNumber("3")).toBe(3);
    expect(searchPageNumber("0")).toBe(1);
    expect(searchPageNumber("-2")).toBe(1);
    expect(searchPageNumber("2.5")).toBe(1);
    expect(searchPageNumber("9999")).toBe(100);
    expect(searchPageNumber(null)).toBe(1);
  });
});

describe("wordMatches", () => {
  it("matches the same word, a longer form and a typo, not an unrelated word", () => {
    expect(wordMatches("Kong", "kong")).toBe(true);
    expect(wordMatches("rope", "rop")).toBe(true);
    expect(wordMatches("chew", "chewy")).toBe(true);
    expect(wordMatches("chewing", "chew")).toBe(true);
    expect(wordMatches("tennis", "tenis")).toBe(true);
    expect(wordMatches("ball", "rope")).toBe(false);
    expect(wordMatches("a", "ab")).toBe(false);
  });

  it("leaves one-letter words out of the query", () => {
    expect(queryWords("a Kong, a rope!")).toEqual(["kong", "rope"]);
  });
});

describe("highlight and snippetHtml", () => {
  it("marks the matched words and escapes every piece of text", () => {
    const parts = highlight("A <b>chew</b> rope & more", ["chewy", "rop"]);
    expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(["chew", "rope"]);
    expect(snippetHtml(parts)).toBe("A &lt;b&gt;<mark>chew</mark>&lt;/b&gt; <mark>rope</mark> &amp; more");
  });

  it("never lets content's HTML through", () => {
    const html = snippetHtml(highlight(`<img src=x onerror="alert(1)"> kong`, ["kong"]));
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).toContain("<mark>kong</mark>");
    expect(escapeHtml(`'"&<>`)).toBe("&#39;&quot;&amp;&lt;&gt;");
  });
});

describe("snippet", () => {
  it("shows the text around the first match, cut between words, with ellipses", () => {
    const long = `${"Lorem ipsum dolor sit amet. ".repeat(20)}The best chew rope for big dogs. ${"More words here. ".repeat(20)}`;
    const parts = snippet(["An excerpt that does not match.", long], "chewy rop", 80);
    const text = parts.map((p) => p.text).join("");
    expect(text.startsWith("… ")).toBe(true);
    expect(text.endsWith(" …")).toBe(true);
    expect(text.length).toBeLessThanOrEqual(80 + 4);
    expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(["chew", "rope"]);
  });

  it("takes the first text that matches, and the first text's start when none does", () => {
    expect(snippet(["Rope toys", "A Kong"], "kong").map((p) => p.text)).toEqual(["A ", "Kong"]);
    expect(snippet(["Rope toys", "Balls"], "frisbee")).toEqual([{ text: "Rope toys", mark: false }]);
  });

  it("reads Markdown as prose", () => {
    expect(plainText("## Best **Kong** toys\n\n- [the Kong](https://example.com/kong) ![alt](x.png)")).toBe(
      "Best Kong toys the Kong alt",
    );
  });
});
