import { describe, expect, it } from "vitest";
import { bestToysFor, indefiniteArticle, withIndefiniteArticle } from "./english";

describe("the indefinite article before a name", () => {
  it("is 'an' before a vowel sound, whatever the letter case", () => {
    for (const name of ["Australian Shepherd", "English Bulldog", "Irish Setter", "Old English Sheepdog", "akita"]) {
      expect(indefiniteArticle(name)).toBe("an");
    }
    expect(withIndefiniteArticle("Australian Shepherd")).toBe("an Australian Shepherd");
    expect(withIndefiniteArticle(" Airedale Terrier ")).toBe("an Airedale Terrier");
  });

  it("is 'a' before a consonant sound", () => {
    for (const name of ["Beagle", "Labrador Retriever", "Shih Tzu", "Yorkshire Terrier", "Husky"]) {
      expect(indefiniteArticle(name)).toBe("a");
    }
    expect(withIndefiniteArticle("Beagle")).toBe("a Beagle");
  });

  it("goes by the sound, not the letter: 'a Eurasier', 'a unicorn', 'an hour', 'an 8-week-old'", () => {
    expect(indefiniteArticle("Eurasier")).toBe("a");
    expect(indefiniteArticle("Utonagan")).toBe("an");
    expect(indefiniteArticle("unicorn plush")).toBe("a");
    expect(indefiniteArticle("Ukrainian Shepherd")).toBe("a");
    expect(indefiniteArticle("one-eyed dog")).toBe("a");
    expect(indefiniteArticle("hour of play")).toBe("an");
    expect(indefiniteArticle("honest review")).toBe("an");
    expect(indefiniteArticle("8-week-old puppy")).toBe("an");
    expect(indefiniteArticle("11-year-old dog")).toBe("an");
    expect(indefiniteArticle("110-pound dog")).toBe("a");
    expect(indefiniteArticle("3-pack")).toBe("a");
  });
});

describe("a breed page's count of toys", () => {
  it("says one toy in the singular, never 'The 1 best toys'", () => {
    expect(bestToysFor("Beagle", 1)).toBe("The best toy for a Beagle");
    expect(bestToysFor("Australian Shepherd", 3)).toBe("The 3 best toys for an Australian Shepherd");
  });
});
