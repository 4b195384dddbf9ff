import { describe, expect, it } from "vitest";
import { readingTimeOf, wordCount } from "./reading-time";

describe("reading time", () => {
  it("counts the words a reader reads: no markup, product tokens or link addresses", () => {
    expect(wordCount("## Why we like it\n\nThis ball is **tough**, *bouncy* and dog-proof.")).toBe(11);
    expect(wordCount("See [our quiz](/quiz?from=post&x=1) and [[toy:ironjaw-tread-chew]] too.")).toBe(5);
    expect(wordCount("[[compare:a-toy,b-toy]]\n\n- one\n- two")).toBe(2);
    expect(wordCount("It’s the dog's 2nd toy")).toBe(5);
    expect(wordCount("")).toBe(0);
  });

  it("is the words over 200 a minute, rounded up, and at least a minute", () => {
    const words = (n: number) => Array.from({ length: n }, () => "word").join(" ");
    expect(readingTimeOf("")).toBe(1);
    expect(readingTimeOf(words(1))).toBe(1);
    expect(readingTimeOf(words(200))).toBe(1);
    expect(readingTimeOf(words(201))).toBe(2);
    expect(readingTimeOf(words(1000))).toBe(5);
    expect(readingTimeOf(`${words(400)}\n\n[[toy:${words(50).replaceAll(" ", "-")}]]`)).toBe(2);
  });
});
