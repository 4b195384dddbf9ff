import { describe, expect, it } from "vitest";
import {
  asinFromAmazonUrl,
  classifyAmazonAnswer,
  classifyFailure,
  classifyHttpAnswer,
  classifyRedirectToAmazon,
  interleaveByHost,
  isAffiliateRedirector,
  isAmazonHost,
  isHeadRefusal,
  linkCheckFinishedMessage,
  linkProblemLine,
  planLinkCheck,
  retryHeadWithGet,
} from "./link-health";

describe("which links are checked how", () => {
  it("knows Amazon's hosts and short links, and nothing that merely contains the word", () => {
    for (const host of ["www.amazon.com", "amazon.co.uk", "smile.amazon.de", "www.amazon.com.au", "amzn.to", "a.co"])
      expect(isAmazonHost(host), host).toBe(true);
    for (const host of ["amazon.example.com", "notamazon.shop", "shop.example", "amazonia.com", "xa.co"])
      expect(isAmazonHost(host), host).toBe(false);
  });

  it("reads the ASIN from Amazon's product URLs", () => {
    expect(asinFromAmazonUrl(new URL("https://www.amazon.com/dp/b07x7v3sh1?tag=x-20"))).toBe("B07X7V3SH1");
    expect(asinFromAmazonUrl(new URL("https://www.amazon.com/Some-Toy/dp/B07X7V3SH1/ref=sr_1_1"))).toBe("B07X7V3SH1");
    expect(asinFromAmazonUrl(new URL("https://www.amazon.co.uk/gp/product/B07X7V3SH1"))).toBe("B07X7V3SH1");
    expect(asinFromAmazonUrl(new URL("https://www.amazon.com/s?k=dog+toys"))).toBeNull();
    expect(asinFromAmazonUrl(new URL("https://www.amazon.com/dp/B07X7V3SH1X"))).toBeNull();
  });

  it("asks Amazon's API about Amazon links, requests every other link, and never fetches Amazon", () => {
    const api = { amazonApi: true };
    expect(planLinkCheck("https://shop.example/ball", null, api)).toEqual({
      kind: "http",
      url: "https://shop.example/ball",
    });
    expect(planLinkCheck("https://www.amazon.com/dp/B07X7V3SH1", "b0toyasin1", api)).toEqual({
      kind: "amazon",
      url: "https://www.amazon.com/dp/B07X7V3SH1",
      asin: "B0TOYASIN1",
    });
    expect(planLinkCheck("https://www.amazon.com/dp/B07X7V3SH1", null, api)).toMatchObject({ asin: "B07X7V3SH1" });
    expect(planLinkCheck("https://amzn.to/3xYz", null, api)).toMatchObject({ kind: "unchecked", reason: "no-asin" });
    expect(planLinkCheck("https://www.amazon.com/dp/B07X7V3SH1", "B07X7V3SH1", { amazonApi: false })).toMatchObject({
      kind: "unchecked",
      reason: "no-amazon-api",
    });
    // a toy with an ASIN but a link elsewhere: the link is what visitors follow, so it is requested
    expect(planLinkCheck("https://shop.example/ball", "B07X7V3SH1", api)).toMatchObject({ kind: "http" });
    expect(planLinkCheck("  ", null, api)).toBeNull();
    expect(planLinkCheck(null, "B07X7V3SH1", api)).toBeNull();
    expect(planLinkCheck("not a url", null, api)).toEqual({ kind: "invalid", url: "not a url" });
    expect(planLinkCheck("ftp://shop.example/ball", null, api)).toMatchObject({ kind: "invalid" });
  });

  it("spreads one host's links between the others' so two checks rarely wait on one host", () => {
    const links = ["a/1", "a/2", "a/3", "b/1", "c/1", "c/2"];
    expect(interleaveByHost(links, (l) => l.split("/")[0] ?? "")).toEqual(["a/1", "b/1", "c/1", "a/2", "c/2", "a/3"]);
    expect(interleaveByHost([], (l: string) => l)).toEqual([]);
  });
});

describe("the HTTP answer", () => {
  const url = "https://shop.example/toys/ball";

  it("asks again with GET when HEAD gets an error answer or a dropped connection, not when the host is down", () => {
    for (const status of [405, 501, 403, 404, 500]) expect(retryHeadWithGet(status), String(status)).toBe(true);
    for (const status of [200, 204, 301, 302]) expect(retryHeadWithGet(status), String(status)).toBe(false);
    for (const code of ["ECONNRESET", "EPIPE", "HPE_INVALID_CONSTANT"]) expect(isHeadRefusal(code)).toBe(true);
    for (const code of ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT"]) expect(isHeadRefusal(code)).toBe(false);
  });

  it("calls a 2xx where it points ok", () => {
    expect(classifyHttpAnswer(url, [], { url, status: 200 })).toEqual({
      state: "ok",
      httpStatus: 200,
      finalUrl: null,
      detail: null,
    });
    expect(classifyHttpAnswer(url, [], { url, status: 204 }).state).toBe("ok");
  });

  it("calls a 2xx elsewhere redirected, with the final URL and the first redirect's status", () => {
    const final = { url: "https://shop.example/toys/ball-v2", status: 200 };
    expect(classifyHttpAnswer(url, [{ url, status: 301 }], final)).toEqual({
      state: "redirected",
      httpStatus: 301,
      finalUrl: "https://shop.example/toys/ball-v2",
      detail: null,
    });
    const twice = [
      { url, status: 302 },
      { url: "https://shop.example/x", status: 301 },
    ];
    expect(classifyHttpAnswer(url, twice, final)).toMatchObject({ state: "redirected", httpStatus: 302 });
  });

  it("calls a redirect that comes back to the same address ok (a cookie check, say)", () => {
    expect(classifyHttpAnswer(url, [{ url, status: 302 }], { url, status: 200 }).state).toBe("ok");
  });

  it("calls 4xx and 5xx broken with their status, also after a redirect", () => {
    expect(classifyHttpAnswer(url, [], { url, status: 404 })).toEqual({
      state: "broken",
      httpStatus: 404,
      finalUrl: null,
      detail: null,
    });
    expect(classifyHttpAnswer(url, [], { url, status: 500 })).toMatchObject({ state: "broken", httpStatus: 500 });
    expect(
      classifyHttpAnswer(url, [{ url, status: 301 }], { url: "https://shop.example/gone", status: 410 }),
    ).toMatchObject({ state: "broken", httpStatus: 410, finalUrl: "https://shop.example/gone" });
  });

  it("calls a product page sent to the shop's front page unavailable", () => {
    const verdict = classifyHttpAnswer(url, [{ url, status: 301 }], { url: "https://shop.example/", status: 200 });
    expect(verdict).toMatchObject({ state: "unavailable", httpStatus: 301, finalUrl: "https://shop.example/" });
    // the front page to itself with a slash is no product lost
    expect(
      classifyHttpAnswer("https://shop.example", [{ url: "https://shop.example", status: 301 }], {
        url: "https://www.shop.example/",
        status: 200,
      }).state,
    ).toBe("redirected");
  });

  it("calls an affiliate network's redirect to a working page ok: that redirect is the commission", () => {
    const link = "https://www.awin1.com/cread.php?awinmid=1&p=https%3A%2F%2Fshop.example%2Fball";
    const verdict = classifyHttpAnswer(link, [{ url: link, status: 302 }], {
      url: "https://shop.example/ball",
      status: 200,
    });
    expect(verdict).toMatchObject({ state: "ok", finalUrl: "https://shop.example/ball" });
    expect(isAffiliateRedirector("click.linksynergy.com")).toBe(true);
    expect(isAffiliateRedirector("partner.sjv.io")).toBe(true);
    expect(isAffiliateRedirector("notsjv.io")).toBe(false);
  });
});

describe("no answer", () => {
  it("is unreachable, told apart from broken, with why", () => {
    expect(classifyFailure({ kind: "timeout", afterMs: 10_000 })).toEqual({
      state: "unreachable",
      httpStatus: null,
      finalUrl: null,
      detail: "No answer within 10 s",
    });
    expect(classifyFailure({ kind: "timeout", afterMs: 300 }).detail).toBe("No answer within 0.3 s");
    expect(classifyFailure({ kind: "refused" }).state).toBe("unreachable");
    expect(classifyFailure({ kind: "dns" }).detail).toBe("The host name does not resolve");
    expect(classifyFailure({ kind: "network", code: "ECONNRESET" }).detail).toContain("ECONNRESET");
    expect(classifyFailure({ kind: "blocked" }).state).toBe("unreachable");
    expect(classifyFailure({ kind: "redirect-loop", redirects: 6 })).toMatchObject({
      state: "unreachable",
      detail: "More than 5 redirects (a redirect loop)",
    });
    expect(classifyFailure({ kind: "invalid-url" })).toMatchObject({ state: "broken", httpStatus: null });
  });
});

describe("Amazon's answer", () => {
  it("calls a gone item and an item without an offer unavailable, anything buyable ok", () => {
    expect(classifyAmazonAnswer({ gone: "ItemNotAccessible" })).toMatchObject({
      state: "unavailable",
      detail: "Amazon no longer offers this item (ItemNotAccessible)",
    });
    expect(classifyAmazonAnswer({ availability: "out_of_stock" }).state).toBe("unavailable");
    for (const availability of ["in_stock", "preorder", "backorder", "unknown"] as const)
      expect(classifyAmazonAnswer({ availability }).state, availability).toBe("ok");
  });
});

describe("what the owner reads", () => {
  it("says the counts and each problem in words", () => {
    expect(
      linkCheckFinishedMessage({ checked: 5, ok: 1, redirected: 1, broken: 1, unreachable: 1, unavailable: 1 }),
    ).toBe("Check finished: 5 checked, 1 ok, 1 redirected, 1 broken, 1 unreachable, 1 unavailable");
    expect(linkProblemLine({ state: "broken", httpStatus: 404, detail: null })).toBe("Broken (404 Not Found)");
    expect(linkProblemLine({ state: "redirected", httpStatus: 301, detail: null })).toBe(
      "Redirected (301 Moved Permanently)",
    );
    expect(linkProblemLine({ state: "unreachable", httpStatus: null, detail: "No answer within 10 s" })).toBe(
      "Unreachable: No answer within 10 s",
    );
    expect(linkProblemLine({ state: "broken", httpStatus: 418, detail: null })).toBe("Broken (418)");
  });
});

describe("a redirect to Amazon", () => {
  it("stops there (Amazon's pages are never fetched) and offers the Amazon address", () => {
    const url = "https://go.example/ball";
    expect(classifyRedirectToAmazon(url, [{ url, status: 301 }], "https://www.amazon.com/dp/B07X7V3SH1")).toMatchObject(
      { state: "redirected", httpStatus: 301, finalUrl: "https://www.amazon.com/dp/B07X7V3SH1" },
    );
    const affiliate = "https://click.linksynergy.com/deeplink?id=1";
    expect(
      classifyRedirectToAmazon(affiliate, [{ url: affiliate, status: 302 }], "https://www.amazon.com/"),
    ).toMatchObject({ state: "ok" });
  });
});
