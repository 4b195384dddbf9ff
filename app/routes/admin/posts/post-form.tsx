import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, getInputProps } from "@conform-to/react";
import CheckNode from "lucide/dist/esm/icons/check.mjs";
import EyeNode from "lucide/dist/esm/icons/eye.mjs";
import PackagePlusNode from "lucide/dist/esm/icons/package-plus.mjs";
import SaveNode from "lucide/dist/esm/icons/save.mjs";
import SendNode from "lucide/dist/esm/icons/send.mjs";
import Undo2Node from "lucide/dist/esm/icons/undo-2.mjs";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { ImageUploadField } from "#app/components/admin/image-upload-field.tsx";
import { UnsavedChangesDialog } from "#app/components/admin/unsaved-changes-dialog.tsx";
import { FieldErrors, FormErrors, SelectField, TextAreaField, TextField } from "#app/components/form/field.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { formModule, type SendOutcome, setFieldInput, useKitForm } from "#app/components/form/use-kit-form.ts";
import { formChanged, useUnsavedChanges } from "#app/components/form/use-unsaved-changes.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { ApiError } from "#app/lib/api.ts";
import { deferredPart } from "#app/lib/deferred-part.tsx";
import { toast } from "#app/lib/toast.ts";
import { useBrowserTimeZone } from "#app/lib/use-browser-time-zone.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { PostWrite, postFormSchema } from "#domain/post-form.ts";
import { postPath, postTypeLabel } from "#domain/post-links.ts";
import { META_DESCRIPTION_MAX, META_TITLE_MAX, publishDayOf, publishTimeOf } from "#domain/post-text.ts";
import {
  META_DESCRIPTION_HINT,
  META_TITLE_HINT,
  POST_TYPES,
  type Post,
  type PostStatus,
  postStatusLabel,
} from "#domain/posts.ts";
import { readingTimeOf, WORDS_PER_MINUTE } from "#domain/reading-time.ts";
import { slugify } from "#domain/slug.ts";
import { insertTokenLine } from "../../../components/admin/insert-token";
import { type ToyChoice, ToySearch } from "../../../components/admin/toy-search";
import { FormattingGuide } from "./formatting-guide";
import type { RenderedBody } from "./markdown-preview";
import { describeError, POST_TEXT, savePost } from "./post-api";
import { SearchResultPreview } from "./search-result-preview";

const Check = icon("check", CheckNode);
const Eye = icon("eye", EyeNode);
const PackagePlus = icon("package-plus", PackagePlusNode);
const Save = icon("save", SaveNode);
const Send = icon("send", SendNode);
const Undo2 = icon("undo-2", Undo2Node);

// The schema module this form checks with, loaded on the form's first focus or press (use-kit-form.ts).
const postForms = formModule(() => import("#domain/post-form.ts"));

// Loaded when "Insert product" is first pointed at, focused or pressed, not with the page (decision 069).
// The preview (the public page's body with its buy boxes, then the markdown renderer) loads on the
// first use of the screen, not for its hydration: the server renders it, and it has nothing to
// press but links, which work before (decision 069). Parts with controls hydrate with the page:
// a press on a part not yet hydrated would be lost.
const loadPreview = () => import("./markdown-preview");
const MarkdownPreview = deferredPart(
  () => loadPreview().then((module) => module.MarkdownPreview),
  <div className="flex min-w-0 flex-col">
    <h3 className="text-sm font-bold">Preview</h3>
    <p className="mt-1 h-[28rem] rounded-lg border border-stone-200 bg-surface px-4 py-4 text-muted sm:px-6 lg:h-[36rem]">
      Loading the preview...
    </p>
  </div>,
);

const loadInsertDialog = () => import("../../../components/admin/insert-product-dialog");
const InsertProductDialog = lazy(() => loadInsertDialog().then((module) => ({ default: module.InsertProductDialog })));

/** The list address to go back to after a save, marking the saved post's row. */
export function withSaved(returnTo: string, id: number): string {
  const url = new URL(returnTo, "http://list");
  url.searchParams.set("saved", String(id));
  return `${url.pathname}${url.search}`;
}

/**
 * The editor of a post just saved with "Save" (it stays open, saying when it was saved), still
 * remembering the list it came from.
 */
export function editorAfterSave(id: number, returnTo: string): string {
  const params = new URLSearchParams({ saved: "1" });
  const list = new URL(returnTo, "http://list").search.slice(1);
  if (list) params.set("from", list);
  return `/admin/posts/${id}?${params}`;
}

export interface CategoryOption {
  id: number;
  name: string;
}

/** What the post page's action answers when the form was posted before the scripts ran. */
export interface PostActionData {
  result: SubmissionResult<string[]>;
}

/**
 * The form's starting values, with the publish day and time as the inputs show them (a new
 * post's time is empty: now when published today, else noon). A new post's reading time follows
 * its text.
 */
function startingValues(post: Post | null, publishDay: string, publishTime: string) {
  return {
    title: post?.title ?? "",
    slug: post?.slug ?? "",
    excerpt: post?.excerpt ?? "",
    imageUrl: post?.imageUrl ?? null,
    publishDay,
    publishTime,
    readingTime: String(post?.readingTime ?? readingTimeOf("")),
    readingTimeAuto: post ? post.readingTimeAuto : true,
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

/**
 * "Saved at 14:32" after a Save that kept the editor open, "Unsaved changes" once the form is
 * changed again. A live region is read out when its text changes, not when it appears with
 * text: the editor may have just been mounted by the save, so the words are put in after it is.
 */
function SaveStatus({ savedAt, dirty }: { savedAt: string | null; dirty: boolean }) {
  const hydrated = useHydrated();
  const [announced, setAnnounced] = useState<string | null>(null);
  useEffect(() => setAnnounced(savedAt), [savedAt]);
  const at = hydrated ? announced : savedAt;
  const time = at
    ? hydrated
      ? new Date(at).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" })
      : `${at.slice(11, 16)} UTC`
    : null;
  return (
    <p role="status" className="min-h-6 text-sm font-semibold">
      {dirty ? (
        <span className="text-amber-800">{time ? `Unsaved changes (last saved at ${time})` : ""}</span>
      ) : time ? (
        <span className="inline-flex items-center gap-1 text-green-800">
          <Check className="size-4" aria-hidden="true" />
          {`Saved at ${time}`}
        </span>
      ) : null}
    </p>
  );
}

/** The zone the publish time is read in, as the owner knows it ("Europe/Berlin, CET"). */
function zoneName(timeZone: string | undefined): string {
  if (!timeZone) return "UTC";
  const short = new Intl.DateTimeFormat(undefined, { timeZone, timeZoneName: "short" })
    .formatToParts(new Date())
    .find((part) => part.type === "timeZoneName")?.value;
  return short && short !== timeZone ? `${timeZone}, ${short}` : timeZone;
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
  savedAt = null,
  renderedBody = null,
}: {
  post: Post | null;
  categories: CategoryOption[];
  actionData?: PostActionData;
  /** the toy the post reviews, named for the review field */
  reviewedToy?: ToyChoice | null;
  /** the posts list the editor came from, with its search and filters */
  returnTo?: string;
  /** when the post was saved with "Save" (the editor stayed open); null otherwise */
  savedAt?: string | null;
  /** the stored body's HTML, rendered by the server for the preview */
  renderedBody?: RenderedBody | null;
}) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const editing = post !== null;
  const [uploading, setUploading] = useState(false);
  const [inserting, setInserting] = useState(false);
  // the dialog is mounted from its first opening on (it loads then)
  const [insertOpened, setInsertOpened] = useState(false);
  const [reviewed, setReviewed] = useState<ToyChoice | null>(reviewedToy);
  const caret = useRef<number | null>(null);
  // Where the caret goes once the Insert product dialog has closed (its close hands the focus
  // back to the button that opened it, so the text takes it only after that).
  const insertedCaret = useRef<number | null>(null);
  // "stay": the Save button (the editor stays open); "list": the others go back to the list
  const after = useRef<"stay" | "list">("list");
  const saveButton = useRef<HTMLButtonElement>(null);
  const timeZone = useBrowserTimeZone();
  // The instant the date field shows the day of (a new post's: now).
  const [shownInstant] = useState(() => post?.publishedAt ?? new Date().toISOString());
  // The server cannot know the browser's time zone: it renders the day and time in UTC, and a
  // form posted before the scripts run is read in UTC too (the page's action), so the day and
  // time stored are the ones that were shown.
  const rendered = useMemo(
    () => startingValues(post, publishDayOf(shownInstant, "utc"), post ? publishTimeOf(post.publishedAt, "utc") : ""),
    [post, shownInstant],
  );
  const [startedFrom, setStartedFrom] = useState(rendered);
  // The browser reads the day in its own zone: noon there is stored.
  const schema = useCallback(
    (forms: { postFormSchema: typeof postFormSchema }) =>
      forms.postFormSchema({
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
    // Save keeps the editor open (a new post's becomes its own); the others go back to the list,
    // with the saved row marked. The button keeps saying 'Saving...' until the next page is on screen.
    if (after.current === "stay") {
      await navigate(editorAfterSave(saved.id, returnTo), { replace: true, preventScrollReset: true });
    } else {
      await navigate(withSaved(returnTo, saved.id));
    }
    return {};
  }

  const { form, fields, busy } = useKitForm({
    id: "post",
    module: postForms,
    schema,
    lastResult: actionData?.result,
    send,
    defaultValue: rendered,
  });
  const { blocker, markSaved } = useUnsavedChanges(formChanged(form.value, startedFrom));

  // Once the scripts run, untouched date and time fields move from UTC to the browser's zone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration; later loader data must not reset edits
  useEffect(() => {
    const day = publishDayOf(shownInstant, "local");
    const time = post ? publishTimeOf(post.publishedAt, "local") : "";
    setStartedFrom((current) => ({ ...current, publishDay: day, publishTime: time }));
    const dayInput = document.getElementById(fields.publishDay.id);
    if (dayInput instanceof HTMLInputElement && dayInput.value === rendered.publishDay) setFieldInput(dayInput, day);
    const timeInput = document.getElementById(fields.publishTime.id);
    if (timeInput instanceof HTMLInputElement && timeInput.value === rendered.publishTime)
      setFieldInput(timeInput, time);
  }, []);

  // A post just saved with Save: the focus stays on Save (the save re-made the form), unless
  // the owner has moved on meanwhile.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the saved editor appears
  useEffect(() => {
    if (savedAt && hydrated && (document.activeElement === document.body || document.activeElement === null)) {
      saveButton.current?.focus({ preventScroll: true });
    }
  }, []);

  // Ctrl+S (Cmd+S on a Mac) saves and keeps the editor open, as in every editor writers know.
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s") {
        event.preventDefault();
        if (saveButton.current && !saveButton.current.disabled) saveButton.current.click();
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  /** Places a product token on a line of its own where the caret was in the body. */
  function insertToken(token: string) {
    const textarea = document.getElementById(fields.content.id);
    if (!(textarea instanceof HTMLTextAreaElement)) return;
    const at = caret.current ?? textarea.value.length;
    const next = insertTokenLine(textarea.value, at, token);
    setFieldInput(textarea, next.text);
    insertedCaret.current = next.caret;
    setInserting(false);
  }

  // After the dialog has closed (its effect runs before this one), the text takes the focus
  // with the caret right after the inserted token, so writing goes on where it was.
  useEffect(() => {
    if (inserting || insertedCaret.current === null) return;
    const at = insertedCaret.current;
    insertedCaret.current = null;
    const textarea = document.getElementById(fields.content.id);
    if (!(textarea instanceof HTMLTextAreaElement)) return;
    textarea.focus();
    textarea.setSelectionRange(at, at);
  }, [inserting, fields.content.id]);

  // While the reading time follows the text, it shows what the text takes as it is written.
  const readingTimeAuto = fields.readingTimeAuto.value === "on";
  const workedOut = readingTimeOf(fields.content.value ?? "");
  useEffect(() => {
    if (!readingTimeAuto) return;
    const input = document.getElementById(fields.readingTime.id);
    if (input instanceof HTMLInputElement) setFieldInput(input, String(workedOut));
  }, [readingTimeAuto, workedOut, fields.readingTime.id]);

  /** Typing a reading time means the writer's number stands: the box lets go of the text. */
  function typedReadingTime() {
    const box = document.getElementById(fields.readingTimeAuto.id);
    if (!(box instanceof HTMLInputElement) || !box.checked) return;
    box.checked = false;
    box.dispatchEvent(new Event("input", { bubbles: true }));
    box.dispatchEvent(new Event("change", { bubbles: true }));
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
        onSubmitCapture={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          after.current = submitter instanceof HTMLButtonElement && submitter.value === "stay" ? "stay" : "list";
        }}
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
            alt={{ field: fields.imageAlt, label: "Featured image alt text" }}
          />

          <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            <TextField field={fields.publishDay} label="Publish Date" type="date" />
            <div>
              <TextField
                field={fields.publishTime}
                label={
                  <>
                    Publish Time<span className="ml-1 font-normal text-muted">(optional)</span>
                  </>
                }
                type="time"
                describedBy="post-publish-time-hint"
                inputProps={{ step: 60 }}
              />
              <p id="post-publish-time-hint" className="-mt-4 text-sm text-muted">
                Your time zone: <span className="font-semibold text-ink">{zoneName(timeZone)}</span>. Empty: now for
                today, noon for another day.
              </p>
            </div>
            <div>
              <TextField
                field={fields.readingTime}
                label="Reading Time (minutes)"
                type="number"
                describedBy="post-reading-time-hint"
                inputProps={{ inputMode: "numeric", step: 1, onChange: typedReadingTime }}
              />
              <div className="-mt-4 flex items-start gap-2">
                <input
                  {...getInputProps(fields.readingTimeAuto, { type: "checkbox" })}
                  key={fields.readingTimeAuto.key}
                  className="mt-1 size-4 shrink-0 accent-primary"
                />
                <label htmlFor={fields.readingTimeAuto.id} className="text-sm">
                  Work it out from the text
                </label>
              </div>
              <p id="post-reading-time-hint" className="text-sm text-muted">
                {readingTimeAuto
                  ? `${WORDS_PER_MINUTE} words a minute; it follows the text at every save.`
                  : `Typed by you. The text takes about ${workedOut} min.`}
              </p>
            </div>
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
                setInsertOpened(true);
                setInserting(true);
              }}
              onPointerEnter={() => void loadInsertDialog()}
              onFocus={() => void loadInsertDialog()}
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
                // the preview's renderer, before the first keystroke needs it
                textareaProps={{ onFocus: () => void loadPreview().then((preview) => preview.loadMarkdown()) }}
              />
              <FormattingGuide id="post-formatting-guide" />
            </div>
            <MarkdownPreview
              id="post-preview"
              source={fields.content.value ?? ""}
              reviewedToyId={reviewed?.id ?? null}
              slug={slugShown}
              rendered={renderedBody}
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
            {statusText(post?.status ?? null, post?.publishedAt ?? null)} A publish date and time still ahead schedule
            the post: it goes live by itself then.
          </p>
          <SaveStatus savedAt={savedAt} dirty={formChanged(form.value, startedFrom)} />
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
            <SubmitButton
              ref={saveButton}
              busy={busy}
              disabled={uploading}
              busyText="Saving..."
              size="lg"
              name="intent"
              value="stay"
              variant="secondary"
              keyShortcuts="Control+S Meta+S"
              title="Save and keep editing (Ctrl+S)"
              icon={<Save className="size-5" aria-hidden="true" />}
            >
              Save
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
      {insertOpened ? (
        <Suspense fallback={null}>
          <InsertProductDialog open={inserting} onInsert={insertToken} onClose={() => setInserting(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
