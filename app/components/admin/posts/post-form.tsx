import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { Eye, PackagePlus, Save, Send, Undo2 } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { ImageUploadField } from "#app/components/admin/image-upload-field.tsx";
import { UnsavedChangesDialog } from "#app/components/admin/unsaved-changes-dialog.tsx";
import { FieldErrors, FormErrors, SelectField, TextAreaField, TextField } from "#app/components/form/field.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { type SendOutcome, setFieldInput, useKitForm } from "#app/components/form/use-kit-form.ts";
import { formChanged, useUnsavedChanges } from "#app/components/form/use-unsaved-changes.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { ApiError } from "#app/lib/api.ts";
import { toast } from "#app/lib/toast.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { META_DESCRIPTION_MAX, META_TITLE_MAX } from "#domain/post-extras.ts";
import { DEFAULT_READING_TIME, type PostWrite, postFormSchema, publishDayOf } from "#domain/post-form.ts";
import {
  META_DESCRIPTION_HINT,
  META_TITLE_HINT,
  POST_TYPES,
  type Post,
  type PostStatus,
  postPath,
  postStatusLabel,
  postTypeLabel,
} from "#domain/posts.ts";
import { slugify } from "#domain/slug.ts";
import { FormattingGuide } from "./formatting-guide";
import { InsertProductDialog, insertTokenLine } from "./insert-product-dialog";
import { MarkdownPreview } from "./markdown-preview";
import { describeError, POST_TEXT, savePost } from "./post-api";
import { SearchResultPreview } from "./search-result-preview";
import { type ToyChoice, ToySearch } from "./toy-search";

/** The list address to go back to after a save, marking the saved post's row. */
export function withSaved(returnTo: string, id: number): string {
  const url = new URL(returnTo, "http://list");
  url.searchParams.set("saved", String(id));
  return `${url.pathname}${url.search}`;
}

export interface CategoryOption {
  id: number;
  name: string;
}

/** What the post page's action answers when the form was posted before the scripts ran. */
export interface PostActionData {
  result: SubmissionResult<string[]>;
}

/** The form's starting values, with the publish day as the date input shows it. */
function startingValues(post: Post | null, publishDay: string) {
  return {
    title: post?.title ?? "",
    slug: post?.slug ?? "",
    excerpt: post?.excerpt ?? "",
    imageUrl: post?.imageUrl ?? null,
    publishDay,
    readingTime: String(post?.readingTime ?? DEFAULT_READING_TIME),
    postType: post?.postType ?? "review",
    categoryId: post?.categoryId == null ? "none" : String(post.categoryId),
    content: post?.content ?? "",
    reviewedToyId: post?.reviewedToyId == null ? "" : String(post.reviewedToyId),
    reviewRating: post?.reviewRating == null ? "" : String(post.reviewRating),
    metaTitle: post?.metaTitle ?? "",
    metaDescription: post?.metaDescription ?? "",
    socialImageUrl: post?.socialImageUrl ?? undefined,
    imageAlt: post?.imageAlt ?? "",
  };
}

/** What the status line above the buttons says. */
function statusText(status: PostStatus | null, publishedAt: string | null): string {
  if (status === null) return "New posts start as drafts: only you see them until you publish.";
  if (status === "draft") return "Draft: only you see it. Publish makes it live.";
  if (status === "scheduled" && publishedAt) {
    return `Scheduled: it goes live by itself on ${new Date(publishedAt).toLocaleString(undefined, { dateStyle: "long", timeStyle: "short" })}.`;
  }
  return "Published: visitors see it.";
}

/** A counter under a meta field: characters used against what search engines show. */
function Count({ id, value, hint }: { id: string; value: string; hint: number }) {
  const over = value.length > hint;
  return (
    <p id={id} className={`text-sm ${over ? "font-semibold text-amber-800" : "text-muted"}`}>
      {`${value.length} / ${hint} characters${over ? ": search engines may cut it short" : ""}`}
    </p>
  );
}

/** The API's per-field messages, under the form's fields (the API's publishedAt is the form's day). */
function serverFieldErrors(error: unknown): Record<string, string[]> | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const { publishedAt, ...rest } = error.fieldErrors;
  return publishedAt ? { ...rest, publishDay: publishedAt } : rest;
}

/**
 * The create/edit post form (spec §2 "Admin post form", §5, §8) on the form kit: checked with
 * the shared schema, saved with POST/PATCH /api/posts and the §8 toasts once the scripts run,
 * posted to the page's action before that. A live preview of the body; `post` null creates one.
 */
export function PostForm({
  post,
  categories,
  actionData,
  reviewedToy = null,
  returnTo = "/admin/posts",
}: {
  post: Post | null;
  categories: CategoryOption[];
  actionData?: PostActionData;
  /** the toy the post reviews, named for the review field */
  reviewedToy?: ToyChoice | null;
  /** the posts list the editor came from, with its search and filters */
  returnTo?: string;
}) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const editing = post !== null;
  const [uploading, setUploading] = useState(false);
  const [inserting, setInserting] = useState(false);
  const [reviewed, setReviewed] = useState<ToyChoice | null>(reviewedToy);
  const caret = useRef<number | null>(null);
  // The instant the date field shows the day of (a new post's: now).
  const [shownInstant] = useState(() => post?.publishedAt ?? new Date().toISOString());
  // The server cannot know the browser's time zone: it renders the day in UTC, and a form
  // posted before the scripts run is read in UTC too (the page's action), so the day stored
  // is the day that was shown.
  const rendered = useMemo(() => startingValues(post, publishDayOf(shownInstant, "utc")), [post, shownInstant]);
  const [startedFrom, setStartedFrom] = useState(rendered);
  // The browser reads the day in its own zone: noon there is stored.
  const schema = useMemo(
    () =>
      postFormSchema({
        zone: "local",
        storedPublishedAt: post?.publishedAt ?? null,
        currentStatus: post?.status ?? null,
      }),
    [post],
  );

  async function send(input: PostWrite): Promise<SendOutcome> {
    let saved: Post;
    try {
      saved = await savePost(post?.id ?? null, input);
    } catch (error) {
      toast({
        title: POST_TEXT.errorTitle,
        description: `${editing ? POST_TEXT.updateFailed : POST_TEXT.createFailed}${describeError(error)}`,
        variant: "destructive",
      });
      // The server's messages go under their fields, as the browser's own would.
      return { fieldErrors: serverFieldErrors(error) };
    }
    markSaved();
    toast({
      title: editing ? POST_TEXT.updatedTitle : POST_TEXT.createdTitle,
      description: `"${input.title}" has been ${editing ? "updated" : "created"}${
        saved.status === "draft" ? " as a draft" : saved.status === "scheduled" ? " and scheduled" : ""
      }.`,
    });
    // The button keeps saying 'Saving...' until the list is on screen, with the saved row marked.
    await navigate(withSaved(returnTo, saved.id));
    return {};
  }

  const { form, fields, busy } = useKitForm({
    id: "post",
    schema,
    lastResult: actionData?.result,
    send,
    defaultValue: rendered,
  });
  const { blocker, markSaved } = useUnsavedChanges(formChanged(form.value, startedFrom));

  // Once the scripts run, an untouched date field moves from the UTC day to the browser's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration; later loader data must not reset edits
  useEffect(() => {
    const local = publishDayOf(shownInstant, "local");
    setStartedFrom((current) => ({ ...current, publishDay: local }));
    const input = document.getElementById(fields.publishDay.id);
    if (input instanceof HTMLInputElement && input.value === rendered.publishDay) setFieldInput(input, local);
  }, []);

  /** Places a product token on a line of its own where the caret was in the body. */
  function insertToken(token: string) {
    const textarea = document.getElementById(fields.content.id);
    if (!(textarea instanceof HTMLTextAreaElement)) return;
    const at = caret.current ?? textarea.value.length;
    const next = insertTokenLine(textarea.value, at, token);
    setFieldInput(textarea, next.text);
    setInserting(false);
    textarea.focus();
    textarea.setSelectionRange(next.caret, next.caret);
  }

  function chooseReviewed(toy: ToyChoice | null) {
    setReviewed(toy);
  }

  // A hidden input's value is its attribute, which React writes on every render: it is bound to
  // the chosen toy, and Conform hears of a change through the input event it listens for.
  const reviewedId = reviewed ? String(reviewed.id) : "";
  const reviewedInput = useRef<HTMLInputElement>(null);
  const firstReviewed = useRef(reviewedId);
  useEffect(() => {
    if (reviewedId === firstReviewed.current) return;
    firstReviewed.current = reviewedId;
    reviewedInput.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [reviewedId]);

  const title = fields.title.value ?? "";
  const typedSlug = (fields.slug.value ?? "").trim();
  const slugShown = typedSlug || slugify(title);
  // The list may have failed to load: the post's own category is never dropped silently.
  const storedCategory = rendered.categoryId;
  const knownCategory = storedCategory === "none" || categories.some((c) => String(c.id) === storedCategory);

  return (
    <>
      <Form
        method="post"
        {...getFormProps(form)}
        aria-labelledby="post-form-heading"
        className="grid grid-cols-1 gap-6"
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid grid-cols-1 gap-6 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
          <h2 className="text-xl font-extrabold tracking-tight">Post Details</h2>
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
            <TextField
              field={fields.title}
              label="Title"
              inputProps={{ placeholder: "e.g. The 10 Best Chew Toys for Power Chewers" }}
            />
            <div>
              <TextField
                field={fields.slug}
                label="Slug"
                describedBy="post-slug-hint"
                inputProps={{
                  placeholder: slugify(title) || "generated-from-the-title",
                  autoCapitalize: "none",
                  autoComplete: "off",
                  spellCheck: false,
                }}
              />
              {/* Under the box (not above it like a hint), so the box lines up with the title's. */}
              <p id="post-slug-hint" className="text-sm break-words text-muted">
                {typedSlug === "" ? "Leave empty to generate it from the title. " : ""}
                {slugShown ? (
                  <>
                    Address:{" "}
                    <span className="font-mono text-ink">
                      {postPath({ postType: fields.postType.value ?? "review", slug: slugShown })}
                    </span>
                  </>
                ) : null}
              </p>
            </div>
          </div>

          <TextAreaField
            field={fields.excerpt}
            label="Excerpt"
            hint="Shown on post cards and in search results."
            textareaProps={{ rows: 3 }}
          />

          <ImageUploadField
            field={fields.imageUrl}
            label="Featured Image"
            disabled={busy}
            onBusyChange={setUploading}
          />

          <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            <TextField field={fields.publishDay} label="Publish Date" type="date" />
            <TextField
              field={fields.readingTime}
              label="Reading Time (minutes)"
              type="number"
              inputProps={{ inputMode: "numeric", step: 1 }}
            />
            <SelectField field={fields.postType} label="Post Type">
              {POST_TYPES.map((type) => (
                <option key={type} value={type}>
                  {postTypeLabel(type)}
                </option>
              ))}
            </SelectField>
            <SelectField
              field={fields.categoryId}
              label={
                <>
                  Category<span className="ml-1 font-normal text-muted">(optional)</span>
                </>
              }
            >
              <option value="none">None</option>
              {categories.map((category) => (
                <option key={category.id} value={String(category.id)}>
                  {category.name}
                </option>
              ))}
              {knownCategory ? null : <option value={storedCategory}>{`Category #${storedCategory}`}</option>}
            </SelectField>
          </div>
        </div>

        <div className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-xl font-extrabold tracking-tight">Content</h2>
            <button
              type="button"
              disabled={!hydrated}
              onClick={() => {
                const textarea = document.getElementById(fields.content.id);
                caret.current = textarea instanceof HTMLTextAreaElement ? textarea.selectionStart : null;
                setInserting(true);
              }}
              className={buttonClass("secondary", "sm")}
            >
              <PackagePlus className="size-4" aria-hidden="true" />
              Insert product
            </button>
          </div>
          <div className="mt-4 grid grid-cols-1 gap-6 lg:grid-cols-2">
            <div className="flex min-w-0 flex-col">
              <TextAreaField
                field={fields.content}
                label="Post body"
                describedBy="post-formatting-guide"
                className="h-[28rem] resize-y font-mono text-sm leading-relaxed lg:h-[36rem]"
              />
              <FormattingGuide id="post-formatting-guide" />
            </div>
            <MarkdownPreview
              id="post-preview"
              source={fields.content.value ?? ""}
              reviewedToyId={reviewed?.id ?? null}
              slug={slugShown}
            />
          </div>
        </div>

        {fields.postType.value === "review" ||
        (fields.postType.value === undefined && rendered.postType === "review") ? (
          <fieldset className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
            <legend className="px-1 text-xl font-extrabold tracking-tight">Reviewed toy</legend>
            <p className="text-sm text-muted">
              The toy this review is about: its buy box shows under the title and at the end, and search engines get the
              review with its rating.
            </p>
            <input
              ref={reviewedInput}
              type="hidden"
              name={fields.reviewedToyId.name}
              id={fields.reviewedToyId.id}
              value={reviewedId}
            />
            <div className="mt-4 grid grid-cols-1 gap-6 md:grid-cols-2">
              <div>
                {reviewed ? (
                  <div className="flex items-center justify-between gap-3 rounded-lg border border-stone-200 p-3">
                    <span className="font-semibold break-words">{reviewed.name}</span>
                    <button
                      type="button"
                      onClick={() => chooseReviewed(null)}
                      className={buttonClass("secondary", "sm")}
                    >
                      Remove
                    </button>
                  </div>
                ) : (
                  <ToySearch label="Toy reviewed" onChoose={chooseReviewed} />
                )}
                <FieldErrors id={fields.reviewedToyId.errorId} errors={fields.reviewedToyId.errors} />
              </div>
              <TextField
                field={fields.reviewRating}
                label="Our rating (1 to 5)"
                type="number"
                hint="In halves, e.g. 4.5. Shown to search engines with the review."
                inputProps={{ min: 1, max: 5, step: 0.5, inputMode: "decimal", disabled: reviewed === null }}
              />
            </div>
          </fieldset>
        ) : (
          // only a review names a toy; switching the type away drops it
          <input type="hidden" name={fields.reviewedToyId.name} value="" />
        )}

        <div className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
          <h2 className="text-xl font-extrabold tracking-tight">Search and sharing</h2>
          <div className="mt-4 grid grid-cols-1 gap-6 lg:grid-cols-2">
            <div className="grid min-w-0 grid-cols-1 gap-4">
              <div>
                <TextField
                  field={fields.metaTitle}
                  label="Meta title"
                  hint="Leave empty to use the title."
                  describedBy="post-meta-title-count"
                  inputProps={{ maxLength: META_TITLE_MAX }}
                />
                <Count id="post-meta-title-count" value={fields.metaTitle.value ?? ""} hint={META_TITLE_HINT} />
              </div>
              <div>
                <TextAreaField
                  field={fields.metaDescription}
                  label="Meta description"
                  hint="Leave empty to use the excerpt."
                  describedBy="post-meta-description-count"
                  textareaProps={{ rows: 3, maxLength: META_DESCRIPTION_MAX }}
                />
                <Count
                  id="post-meta-description-count"
                  value={fields.metaDescription.value ?? ""}
                  hint={META_DESCRIPTION_HINT}
                />
              </div>
              <TextField
                field={fields.imageAlt}
                label="Featured image alt text"
                hint="Describes the image for people who cannot see it; the title when empty."
              />
            </div>
            <div className="grid min-w-0 grid-cols-1 content-start gap-4">
              <SearchResultPreview
                title={(fields.metaTitle.value || title || "Post title").trim()}
                path={postPath({ postType: fields.postType.value ?? "review", slug: slugShown || "post-address" })}
                description={(fields.metaDescription.value || fields.excerpt.value || "").trim()}
              />
              <ImageUploadField
                field={fields.socialImageUrl}
                label="Social image"
                urlLabel="Social image URL"
                uploadLabel="Upload social image"
                disabled={busy}
                onBusyChange={setUploading}
              />
            </div>
          </div>
        </div>

        <div className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
          <p role="status" className="text-sm text-muted">
            <strong className="font-bold text-ink">{post ? postStatusLabel(post.status) : "New draft"}. </strong>
            {statusText(post?.status ?? null, post?.publishedAt ?? null)} A publish date later than today schedules the
            post for that day.
          </p>
          <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:flex-wrap sm:justify-end">
            <Link to={returnTo} className={buttonClass("secondary", "lg")}>
              Cancel
            </Link>
            {post ? (
              <a
                href={`/admin/posts/${post.id}/preview`}
                target="_blank"
                rel="noopener"
                className={buttonClass("secondary", "lg")}
              >
                <Eye className="size-5" aria-hidden="true" />
                Preview
              </a>
            ) : null}
            {/* First in the form, so Enter in a field saves without changing the status. */}
            <SubmitButton
              busy={busy}
              disabled={uploading}
              busyText="Saving..."
              size="lg"
              name="intent"
              value="save"
              icon={<Save className="size-5" aria-hidden="true" />}
              className="sm:order-last"
            >
              {editing ? "Update Post" : "Create Post"}
            </SubmitButton>
            {post && post.status !== "draft" ? (
              <SubmitButton
                busy={busy}
                disabled={uploading}
                busyText="Saving..."
                size="lg"
                name="intent"
                value="draft"
                variant="secondary"
                icon={<Undo2 className="size-5" aria-hidden="true" />}
              >
                Switch to Draft
              </SubmitButton>
            ) : (
              <SubmitButton
                busy={busy}
                disabled={uploading}
                busyText="Saving..."
                size="lg"
                name="intent"
                value="publish"
                variant="secondary"
                icon={<Send className="size-5" aria-hidden="true" />}
              >
                Publish
              </SubmitButton>
            )}
          </div>
        </div>
      </Form>

      <UnsavedChangesDialog blocker={blocker} what="post" />
      <InsertProductDialog open={inserting} onInsert={insertToken} onClose={() => setInserting(false)} />
    </>
  );
}
