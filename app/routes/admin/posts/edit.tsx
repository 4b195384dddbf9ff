import { parseWithZod } from "@conform-to/zod/v4";
import ArrowLeftNode from "lucide/dist/esm/icons/arrow-left.mjs";
import { lazy, Suspense } from "react";
import { data, Link, redirect } from "react-router";
import { AdminNotFound, adminErrorTitle } from "#app/components/admin/admin-not-found.tsx";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { serviceRefusal } from "#app/components/form/service-refusal.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { settle } from "#app/lib/result.ts";
import { isDatabaseId } from "#domain/ids.ts";
import { renderMarkdownParts } from "#domain/markdown.ts";
import { postFormFields, postFormSchema } from "#domain/post-form.ts";
import { savesOf } from "#domain/post-revisions.ts";
import type { Post } from "#domain/posts.ts";
import type { Route } from "./+types/edit";
import { editorAfterSave, type PostActionData, PostForm, withSaved } from "./post-form.tsx";
import { changeSummary } from "./revision-text.ts";

const ArrowLeft = icon("arrow-left", ArrowLeftNode);

// Only an existing post has revisions: a new post's editor does not load the panel (decision 069).
// The server renders it in place, and the page hydrates it once it has arrived.
const RevisionsPanel = lazy(() =>
  import("./revisions-panel.tsx").then((module) => ({ default: module.RevisionsPanel })),
);

export const meta: Route.MetaFunction = ({ loaderData: loaded, error }) => {
  const title = error ? adminErrorTitle(error, "Post") : loaded?.post ? `Edit Post: ${loaded.post.title}` : "New Post";
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex" }];
};

/**
 * /admin/posts/new (no id) and /admin/posts/{id}: the post to edit (404 when there is none)
 * and the categories for the select.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const { content, catalog } = app.services;
  const loadCategories = settle(
    () => catalog.listCategories(),
    (error) => app.logger.error({ err: error }, "listing categories for the post form failed"),
  );
  const id = "id" in params ? params.id : undefined;
  const post = id === undefined ? null : isDatabaseId(id) ? await content.getPostForEditing(Number(id)) : null;
  if (id !== undefined && !post) throw data("Post not found", { status: 404 });
  const [categories, revisions, reviewed] = await Promise.all([
    loadCategories,
    post ? content.listPostRevisions(post.id) : null,
    post?.reviewedToyId ? catalog.getToy(post.reviewedToyId) : null,
  ]);
  return {
    post,
    categories: categories.ok ? categories.data : [],
    revisions: revisions ?? [],
    // what each save changed, written here: the body's line diff stays out of the page's code
    revisionSummaries:
      post && revisions
        ? savesOf(revisions, post).map(({ revision, after }) => changeSummary(revision.post, after))
        : [],
    reviewedToy: reviewed
      ? {
          id: reviewed.id,
          slug: reviewed.slug,
          name: reviewed.name,
          price: reviewed.price,
          imageUrl: reviewed.imageUrl,
        }
      : null,
    // The body's preview as the browser would render it at first: the page then needs no
    // markdown renderer until the body changes (decision 069).
    renderedBody: post
      ? {
          source: post.content,
          blocks: renderMarkdownParts(post.content).flatMap((part) => (part.kind === "html" ? [part] : [])),
        }
      : null,
    returnTo: listAddress(new URL(request.url).searchParams.get("from")),
    // just saved with Save (the editor stayed open): when, to say so
    savedAt: post && new URL(request.url).searchParams.has("saved") ? post.updatedAt : null,
  };
}

/**
 * The posts list the editor came from (`?from=` holds its query), so its search and filters
 * survive the round trip; only the list's own address is accepted.
 */
function listAddress(from: string | null): string {
  if (!from || from.length > 500) return "/admin/posts";
  const query = new URLSearchParams(from.startsWith("?") ? from.slice(1) : from);
  query.delete("saved");
  const text = query.toString();
  return text ? `/admin/posts?${text}` : "/admin/posts";
}

// The form posted before the page's scripts ran: the same schema as the browser's (the day and
// time read in UTC, as the page showed them) and the same service as POST/PATCH /api/posts. Like
// those calls with the form's fields, a new post gets the defaults of what the form does not show
// (review, status, meta) and an edited one keeps its own.
export async function action({ params, request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const { postEditor } = app.services;
  const id = "id" in params ? params.id : undefined;
  if (id !== undefined && !isDatabaseId(id)) throw data("Post not found", { status: 404 });
  const form = await request.formData();
  const readForm = (stored: Post | null) =>
    parseWithZod(form, {
      schema: postFormSchema({
        zone: "utc",
        storedPublishedAt: stored?.publishedAt ?? null,
        currentStatus: stored?.status ?? null,
      }),
    });
  type Submission = ReturnType<typeof readForm>;
  /** Thrown out of an edit's save when the form does not pass: the save writes nothing. */
  class FormRefused extends Error {
    constructor(readonly submission: Submission) {
      super("the post form did not pass");
    }
  }
  const refused = (submission: Submission) => data<PostActionData>({ result: submission.reply() }, { status: 400 });
  // the form as last read, for the answer to the service's refusal (the form back, with the reason)
  const read: { submission?: Submission } = {};
  let saved: Post | null;
  try {
    if (id === undefined) {
      const submission = readForm(null);
      read.submission = submission;
      if (submission.status !== "success") return refused(submission);
      saved = await postEditor.create(submission.value);
    } else {
      // An edited post's day and time are read against its stored instant (unchanged, they keep
      // it to the second) and Save keeps its status: the service reads the form with the post it
      // has locked for the save, so the page does not read the post a second time.
      saved = await postEditor.edit(Number(id), (stored) => {
        const submission = readForm(stored);
        read.submission = submission;
        if (submission.status !== "success") throw new FormRefused(submission);
        return submission.value;
      });
    }
  } catch (error) {
    if (error instanceof FormRefused) return refused(error.submission);
    // the service's publishedAt is the form's publish day
    const refusal = serviceRefusal(error, [...postFormFields.keyof().options, "publishedAt"]);
    if (!refusal || !read.submission) throw error;
    const errors =
      "fieldErrors" in refusal.errors && refusal.errors.fieldErrors.publishedAt
        ? { fieldErrors: { publishDay: refusal.errors.fieldErrors.publishedAt } }
        : refusal.errors;
    return data<PostActionData>({ result: read.submission.reply(errors) }, { status: refusal.status });
  }
  if (!saved) throw data("Post not found", { status: 404 });
  const returnTo = listAddress(new URL(request.url).searchParams.get("from"));
  return redirect(
    read.submission?.payload.intent === "stay" ? editorAfterSave(saved.id, returnTo) : withSaved(returnTo, saved.id),
  );
}

/** The post editor: create mode without an id, edit mode with one. */
export default function AdminPostEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { post, categories, revisions, revisionSummaries, reviewedToy, renderedBody, returnTo, savedAt } = loaderData;
  const heading = post ? "Edit Post" : "Create New Post";

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        crumbs={[
          { label: "Dashboard", to: "/admin/dashboard" },
          { label: "Posts", to: returnTo },
          { label: post ? "Edit Post" : "New Post" },
        ]}
        title={heading}
        headingId="post-form-heading"
        subtitle={post ? `Editing "${post.title}"` : "Write a new review, guide or comparison"}
        actions={
          <Link to={returnTo} className={buttonClass("secondary", "md")}>
            <ArrowLeft className="size-5" aria-hidden="true" />
            Back to Posts
          </Link>
        }
      />

      {/* A fresh form per post: moving from one post to another must not keep the old values. */}
      <div className="mt-8">
        <PostForm
          // keyed by the saved version too: a restored revision starts the form again from it
          key={post ? `${post.id}-${post.updatedAt}` : "new"}
          post={post}
          categories={categories}
          actionData={actionData}
          reviewedToy={reviewedToy}
          returnTo={returnTo}
          savedAt={savedAt}
          renderedBody={renderedBody}
        />
      </div>
      {post ? (
        <div className="mt-8">
          <Suspense fallback={<RevisionsLoading />}>
            <RevisionsPanel post={post} revisions={revisions} summaries={revisionSummaries} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}

/** The panel's frame while it loads (a move from the list to a post), so the page does not jump. */
function RevisionsLoading() {
  return (
    <section
      aria-labelledby="revisions-heading"
      aria-busy="true"
      className="min-h-32 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="revisions-heading" className="text-xl font-extrabold tracking-tight">
        Revisions
      </h2>
    </section>
  );
}

/** A post id with no post (deleted, or mistyped): said inside the admin shell. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminNotFound error={error} thing="Post" back={{ to: "/admin/posts", label: "Back to Posts" }} />;
}
