import { describe, expect, it } from "vitest";
import { renderMarkdownParts } from "#domain/markdown.ts";
import type { EmailImageCopy } from "#domain/media.ts";
import { type ProductBoxToy, resolvePostBlocks } from "#domain/product-boxes.ts";
import { renderNewsletter, uploadHashesOf } from "./newsletter-email";

const siteUrl = "https://www.pawsomepicks.com";
const PHOTO = "a".repeat(64);
const GONE = "b".repeat(64);
const images = new Map<string, EmailImageCopy>([
  [PHOTO, { url: `/uploads/${PHOTO}-600.jpg`, width: 600, height: 450, altText: "A rope toy on grass" }],
]);
const toy: ProductBoxToy = {
  id: 7,
  slug: "tug-rope",
  name: "Tug Rope",
  description: "A rope for tug of war.",
  imageUrl: "/images/demo/toys/tug-rope.svg",
  price: "$9.99",
  priceDiscount: null,
  priceAsOf: "2026-11-25T14:11:00.000Z",
  priceHidden: false,
  rating: "4.5",
  reviewCount: 12,
  amazonUrl: "https://www.amazon.com/dp/B0TUG",
  isTopPick: false,
  inStock: true,
  isPrimeEligible: false,
  materialType: "rope",
  ageRecommendation: "adult",
  suitableFor: "medium",
};

function render(markdown: string, options: { postalAddress?: string | null; preheader?: string | null } = {}) {
  const blocks = resolvePostBlocks(renderMarkdownParts(markdown), new Map([[toy.slug, toy]]), "visitor");
  return {
    blocks,
    ...renderNewsletter({
      newsletterId: 3,
      subject: "Hello",
      preheader: options.preheader ?? null,
      blocks,
      images,
      siteUrl,
      unsubscribeUrl: `${siteUrl}/unsubscribe?token=t`,
      postalAddress: options.postalAddress === undefined ? "1 Main St\nPortland, OR 97201" : options.postalAddress,
    }),
  };
}

describe("images in a newsletter", () => {
  it("finds the uploads its body and its toys show, also by their copies' and the site's absolute addresses", () => {
    const { blocks } = render(
      `![a](/uploads/${PHOTO}-800.webp)\n\n![b](${siteUrl}/uploads/${GONE}.webp)\n\n![c](https://elsewhere.test/uploads/${"c".repeat(64)}.webp)`,
    );
    expect(uploadHashesOf(blocks, siteUrl)).toEqual([PHOTO, GONE]);
  });

  it("shows an upload as its e-mail copy with its size, alt text from the library when the body has none", () => {
    const { html } = render(`![](${siteUrl}/uploads/${PHOTO}.webp "On grass")`);
    expect(html).toContain(
      `<img src="${siteUrl}/uploads/${PHOTO}-600.jpg" width="552" height="414" alt="A rope toy on grass" title="On grass" style="`,
    );
  });

  it("leaves out what mail programs would not show, says why, and writes no empty alt text into the text part", () => {
    const { html, text, leftOutImages } = render(
      [
        `![Gone](/uploads/${GONE}.webp)`,
        "![Inline](data:image/png;base64,iVBORw0KGgo=)",
        "![Relative](pics/dog.png)",
        "![Vector](/images/logo.SVGZ)",
        `[[toy:${toy.slug}]]`,
      ].join("\n\n"),
    );
    expect(html).not.toContain("<img");
    expect(text).not.toMatch(/\[(Gone|Inline|Relative|Vector)\]/);
    expect(leftOutImages.map((image) => [image.src, image.reason.split(":")[0]])).toEqual([
      [`/uploads/${GONE}.webp`, "The image is no longer in the media library."],
      ["data:image/png;base64,iVBORw0KGgo=", "Mail programs show only images at a web address"],
      ["pics/dog.png", "Mail programs show only images at a web address"],
      ["/images/logo.SVGZ", "SVG images do not show in Gmail and other mail programs"],
      // the toy's demo drawing: its buy box goes out without an image
      ["/images/demo/toys/tug-rope.svg", "SVG images do not show in Gmail and other mail programs"],
    ]);
    expect(html).toContain("Tug Rope");
  });

  it("leaves out an image address that is no URL at all, without failing", () => {
    const broken = { ...toy, imageUrl: "https://exa mple.test/rope.jpg" };
    const rendered = renderNewsletter({
      newsletterId: 3,
      subject: "Hello",
      preheader: null,
      blocks: [{ kind: "toy", toy: broken }],
      images,
      siteUrl,
      unsubscribeUrl: null,
      postalAddress: null,
    });
    expect(rendered.html).not.toContain("<img");
    expect(rendered.leftOutImages).toEqual([{ src: broken.imageUrl, reason: expect.stringContaining("web address") }]);
  });
});

describe("the rest of a newsletter's e-mail", () => {
  it("never carries product token text that is no buy box", () => {
    const { html, text } = render(`Try [[toy:${toy.slug}]] and [[compare:a,b]] today.\n\n- [[toy:in-a-list]]`);
    expect(html).not.toContain("[[");
    expect(text).not.toContain("[[");
    expect(text).toContain("Try  and  today.");
  });

  it("ends with the postal address in both parts, and has no line for it when none is set", () => {
    const { html, text } = render("Hello there, readers.");
    expect(text).toMatch(/Unsubscribe: \S+\n\n1 Main St\nPortland, OR 97201\n$/);
    expect(html).toContain(">1 Main St<br>Portland, OR 97201</p></div></body></html>");
    const none = render("Hello there, readers.", { postalAddress: null });
    expect(none.text).toMatch(/Unsubscribe: \S+\n$/);
    expect(none.html).toContain(">Unsubscribe</a></p></div></body></html>");
  });

  it("opens with the hidden preview line: the owner's as written, else the first paragraph as text", () => {
    const own = render("Body text.", { preheader: `Picks & "more"` });
    expect(own.preheader).toBe(`Picks & "more"`);
    expect(own.html).toContain(
      `<body style="margin:0;padding:16px;background:#fff7ed;"><div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;">Picks &amp; &quot;more&quot;&#847;&zwnj;&nbsp;`,
    );
    expect(render("## Title\n\nSee **our** [picks](/products) & more.\n\nLater.").preheader).toBe(
      "See our picks & more.",
    );
    expect(render(`[[toy:${toy.slug}]]`).preheader).toBe("");
    expect(render(`[[toy:${toy.slug}]]`).html).not.toContain("display:none");
  });
});
