import { describe, expect, it } from "vitest";
import {
  countedTerm,
  createKnownWords,
  escapeHtml,
  highlight,
  MAX_QUERY_LENGTH,
  normaliseQuery,
  plainText,
  queryWords,
  searchPageNumber,
  snippet,
  snippetHtml,
  tooManySearchesText,
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

  it("matches other endings of a stem and shorter forms by an ending, never a word the query only starts with", () => {
    expect(wordMatches("puppies", "puppy")).toBe(true);
    expect(wordMatches("knotted", "knotting")).toBe(true);
    expect(wordMatches("toy", "toys")).toBe(true);
    expect(wordMatches("nothing", "nothingmatches")).toBe(false);
    expect(wordMatches("chewforge", "chew")).toBe(true); // a longer form: the visitor may still be typing
    expect(wordMatches("chew", "chewforge")).toBe(false);
    expect(wordMatches("squeaky", "squeky")).toBe(true);
    // a typo changes a letter or two, not the length by five
    expect(wordMatches("wobble", "wobblewhisk")).toBe(false);
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

describe("createKnownWords", () => {
  const known = createKnownWords();
  for (const word of [
    "rope",
    "ropes",
    "roper",
    "tug",
    "squeaky",
    "squeak",
    "puppy",
    "puppies",
    "chew",
    "chewing",
    "ch",
  ]) {
    known.add(word);
  }
  known.add("rope"); // twice: still one

  it("finds a query word's forms among the known words, the closest first", () => {
    expect(known.size).toBe(11);
    expect(known.formsOf("rope").map((f) => f.word)).toEqual(["rope", "roper", "ropes"]);
    expect(known.formsOf("rope")[0]).toEqual({ word: "rope", closeness: 1 });
    expect(known.formsOf("rop").map((f) => f.word)).toEqual(["rope", "roper", "ropes"]);
    expect(known.formsOf("squeky").map((f) => f.word)).toEqual(["squeaky", "squeak"]);
    expect(known.formsOf("puppy").map((f) => f.word)).toEqual(["puppy", "puppies"]);
    expect(known.formsOf("chewy").map((f) => f.word)).toEqual(["chew", "chewing"]);
    expect(known.formsOf("ch").map((f) => f.word)).toEqual(["ch"]);
    expect(known.formsOf("xylophone")).toEqual([]);
  });

  it("finds the same words as wordMatches, and at most `limit` of them", () => {
    const words = ["rope", "ropes", "roper", "tug", "squeaky", "squeak", "puppy", "puppies", "chew", "chewing", "ch"];
    for (const query of ["rope", "rop", "squeky", "puppy", "chewy", "chewing", "tugs", "ch", "squeak"]) {
      const expected = words.filter((word) => wordMatches(word, query)).sort();
      expect(
        known
          .formsOf(query)
          .map((f) => f.word)
          .sort(),
      ).toEqual(expected);
    }
    expect(known.formsOf("rope", 2)).toHaveLength(2);
  });
});

describe("tooManySearchesText", () => {
  it("says how long to wait", () => {
    expect(tooManySearchesText(42)).toBe("Too many searches from your network. Please wait 42 seconds and try again.");
    expect(tooManySearchesText(300)).toBe("Too many searches from your network. Please wait 5 minutes and try again.");
  });
});
