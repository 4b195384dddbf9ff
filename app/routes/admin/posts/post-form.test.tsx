// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Toy } from "#domain/catalog.ts";
import type { Post } from "#domain/posts.ts";
import { PostForm } from "./post-form";

// The post editor's pieces that work in the browser alone: the publish day and time in the
// owner's zone, a product token put where the caret was, the preview of the body as it is
// written. The API is the test's: each test answers the calls it expects, as the API would.

// The owner writes from New York: 02:30 UTC on 10 March is 22:30 the day before there (EDT).
const zoneBefore = process.env.TZ;
beforeAll(async () => {
  process.env.TZ = "America/New_York";
  // The preview's code (the markdown renderer, the public page's body) loads with the editor
  // here; compiled once up front, so no test's timing is the compiler's.
  await (await import("./markdown-preview")).loadMarkdown();
});
afterAll(() => {
  process.env.TZ = zoneBefore;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const FIRST = "Three knots hold a rope toy together.";
const SECOND = "A terrier undoes two of them in a week.";

const post: Post = {
  id: 7,
  title: "Rope Toys That Last",
  slug: "rope-toys-that-last",
  excerpt: "What survives a terrier.",
  imageUrl: null,
  postType: "guide",
  publishedAt: "2026-03-10T02:30:00.000Z",
  readingTime: 1,
  categoryId: null,
  authorName: "Pawsome Picks Team",
  authorImageUrl: null,
  updatedAt: "2026-03-10T02:30:00.000Z",
  status: "published",
  content: `${FIRST}\n\n${SECOND}`,
  reviewedToyId: null,
  reviewRating: null,
  metaTitle: null,
  metaDescription: null,
  socialImageUrl: null,
  imageAlt: null,
  readingTimeAuto: true,
};

const ropeBall = { id: 3, slug: "rope-ball", name: "Rope Ball", price: "$12.99", imageUrl: null } as Toy;

type Answer = (init: RequestInit | undefined, url: URL) => Response | Promise<Response>;

/**
 * The API for this test: `answers` by "METHOD /path"; anything else is a 404 (the preview's
 * call stays unanswered), every call recorded.
 */
function api(answers: Record<string, Answer>) {
  const calls: { key: string; url: URL; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init?: RequestInit) => {
      const url = new URL(path, "http://localhost");
      const key = `${init?.method ?? "GET"} ${url.pathname}`;
      calls.push({ key, url, body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined });
      const answer = answers[key];
      // the preview's call, where a test is not about it: still on its way
      if (!answer && key === "POST /api/admin/post-preview") return new Promise<Response>(() => {});
      return answer ? answer(init, url) : json(404, { message: "Not found" });
    }),
  );
  return calls;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function PostsList() {
  return <h1>Posts</h1>;
}

function EditPost() {
  return <PostForm post={post} categories={[{ id: 2, name: "Chew Toys" }]} />;
}

/**
 * Opens the editor of `post`. Rendered inside an async act: the editor has parts that load on
 * first use (the preview), and React runs the screen's effects (the day moving to the owner's
 * zone) only once act has waited for them.
 */
async function openEditor() {
  const Stub = createRoutesStub([
    { path: "/admin/posts", Component: PostsList },
    { path: "/admin/posts/7", Component: EditPost },
  ]);
  const user = userEvent.setup();
  await act(async () => {
    render(<Stub initialEntries={["/admin/posts/7"]} />);
  });
  return user;
}

const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const body = () => screen.getByLabelText("Post body") as HTMLTextAreaElement;

describe("the post editor", () => {
  it("shows the publish day and time in the owner's zone, and names the zone", async () => {
    api({});
    await openEditor();
    await waitFor(() => expect(input("Publish Date").value).toBe("2026-03-09"));
    expect(input(/Publish Time/).value).toBe("22:30");
    expect(screen.getByText(/Your time zone:/).textContent).toContain("America/New_York");
  });

  it("reads a changed time in the owner's zone when it saves", async () => {
    const calls = api({
      "PATCH /api/posts/7": (init) => json(200, { ...post, ...JSON.parse(String(init?.body)) }),
    });
    const user = await openEditor();
    const time = input(/Publish Time/);
    await waitFor(() => expect(time.value).toBe("22:30"));
    await user.clear(time);
    await user.type(time, "23:15");
    await user.click(screen.getByRole("button", { name: "Update Post" }));

    await screen.findByRole("heading", { name: "Posts" });
    const saved = calls.find((call) => call.key === "PATCH /api/posts/7");
    // 23:15 in New York on 9 March is 03:15 UTC on the 10th
    expect(saved?.body).toMatchObject({ publishedAt: "2026-03-10T03:15:00.000Z", status: "published" });
  });

  it("puts a product token on its own line where the caret was, and the caret right after it", async () => {
    const calls = api({ "GET /api/toys": () => json(200, [ropeBall]) });
    const user = await openEditor();
    const text = body();
    await user.click(text);
    const caret = FIRST.length;
    text.setSelectionRange(caret, caret);

    await user.click(screen.getByRole("button", { name: "Insert product" }));
    const dialog = await screen.findByRole("dialog", { name: "Insert product" });
    await user.type(within(dialog).getByRole("combobox", { name: "Find a toy" }), "rope");
    await user.click(await within(dialog).findByRole("option", { name: /Rope Ball/ }));
    await user.click(within(dialog).getByRole("button", { name: "Insert buy box" }));

    await waitFor(() => expect(text.value).toBe(`${FIRST}\n\n[[toy:rope-ball]]\n\n${SECOND}`));
    await waitFor(() => expect(document.activeElement).toBe(text));
    // right after the token, so writing goes on where it was
    const after = `${FIRST}\n\n[[toy:rope-ball]]`.length;
    expect([text.selectionStart, text.selectionEnd]).toEqual([after, after]);
    expect(calls.find((call) => call.key === "GET /api/toys")?.url.searchParams.get("search")).toBe("rope");
  });

  it("previews the body as it is written, and says so when the products could not be shown", async () => {
    const calls = api({ "POST /api/admin/post-preview": () => json(503, { message: "Try again" }) });
    const user = await openEditor();
    const preview = await screen.findByRole("region", { name: "Preview" });
    const text = body();
    await user.click(text);
    await user.keyboard("{Control>}{End}{/Control}\n\n## Knots that hold");

    await waitFor(() => expect(within(preview).getByRole("heading", { name: "Knots that hold" })).toBeTruthy());
    await waitFor(() =>
      expect(screen.getByText("The products could not be shown; the text is up to date.")).toBeTruthy(),
    );
    const sent = calls.filter((call) => call.key === "POST /api/admin/post-preview").at(-1);
    expect(sent?.body).toMatchObject({ content: expect.stringContaining("## Knots that hold") });
  });
});
