import { LoaderCircle, Save } from "lucide-react";
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useBlocker, useNavigate } from "react-router";
import type { z } from "zod";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { ImageUploadField } from "#app/components/admin/image-upload-field.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { ApiError } from "#app/lib/api.ts";
import { toast } from "#app/lib/toast.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { isoDay } from "#domain/dates.ts";
import {
  DEFAULT_READING_TIME,
  POST_AUTHOR,
  type PostInput,
  postFields,
  postInputSchema,
  publishDateAtNoon,
  slugify,
} from "#domain/post-form.ts";
import { POST_TYPES, type Post, postPath, postTypeLabel } from "#domain/posts.ts";
import { FormattingGuide } from "./formatting-guide";
import { MarkdownPreview } from "./markdown-preview";
import { describeError, POST_TEXT, savePost } from "./post-api";

type Field =
  | "title"
  | "slug"
  | "excerpt"
  | "content"
  | "imageUrl"
  | "publishedAt"
  | "readingTime"
  | "postType"
  | "categoryId";
type FieldErrors = Partial<Record<Field, string>>;

// Screen order: the first invalid field in this order gets the focus.
const FIELDS: readonly Field[] = [
  "title",
  "slug",
  "excerpt",
  "imageUrl",
  "publishedAt",
  "readingTime",
  "postType",
  "categoryId",
  "content",
];

const FIELD_IDS: Record<Field, string> = {
  title: "post-title",
  slug: "post-slug",
  excerpt: "post-excerpt",
  content: "post-content",
  imageUrl: "post-image",
  publishedAt: "post-publish-date",
  readingTime: "post-reading-time",
  postType: "post-type",
  categoryId: "post-category",
};

interface FormValues {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  imageUrl: string | null;
  /** yyyy-mm-dd, as the date input holds it */
  publishDay: string;
  readingTime: string;
  postType: string;
  /** "none" or a category id */
  categoryId: string;
}

export interface CategoryOption {
  id: number;
  name: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The day (in this browser's time zone) of an instant, as yyyy-mm-dd. */
function localDay(value: Date | string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The form's starting values. `dayOf` turns an instant into the date input's day: UTC while
 * the server renders and the page hydrates (both sides agree), the browser's zone after that.
 */
function initialValues(post: Post | null, dayOf: (value: Date | string) => string): FormValues {
  if (!post) {
    return {
      title: "",
      slug: "",
      excerpt: "",
      content: "",
      imageUrl: null,
      publishDay: dayOf(new Date()),
      readingTime: String(DEFAULT_READING_TIME),
      postType: "review",
      categoryId: "none",
    };
  }
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    imageUrl: post.imageUrl,
    publishDay: dayOf(post.publishedAt),
    readingTime: String(post.readingTime),
    postType: post.postType,
    categoryId: post.categoryId === null ? "none" : String(post.categoryId),
  };
}

/** The instant to store: noon of the chosen day, or the stored instant when the day did not change. */
function publishedAtFor(values: FormValues, original: Post | null): string {
  if (original && localDay(original.publishedAt) === values.publishDay) return original.publishedAt;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.publishDay)) return "";
  try {
    return publishDateAtNoon(values.publishDay);
  } catch {
    return "";
  }
}

/** The slug that will be saved: the typed one, or the one generated from the title. */
function effectiveSlug(values: FormValues): string {
  return values.slug.trim() || slugify(values.title);
}

function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : (result.error.issues[0]?.message ?? "Invalid value");
}

/** Checks one field with the domain rules (spec §5); its message or undefined. */
function checkField(field: Field, values: FormValues, original: Post | null): string | undefined {
  switch (field) {
    case "title":
      return firstMessage(postFields.title, values.title);
    case "slug":
      // An empty slug follows the title: while the title is wrong, its own message says enough.
      if (values.slug.trim() === "" && firstMessage(postFields.title, values.title)) return undefined;
      return firstMessage(postFields.slug, effectiveSlug(values));
    case "excerpt":
      return firstMessage(postFields.excerpt, values.excerpt);
    case "content":
      return firstMessage(postFields.content, values.content);
    case "imageUrl":
      return firstMessage(postFields.imageUrl, values.imageUrl);
    case "publishedAt":
      return firstMessage(postFields.publishedAt, publishedAtFor(values, original));
    case "readingTime":
      return firstMessage(postFields.readingTime, values.readingTime);
    case "postType":
      return firstMessage(postFields.postType, values.postType);
    case "categoryId":
      return undefined;
  }
}

function validate(values: FormValues, original: Post | null): { errors: FieldErrors; input?: PostInput } {
  const errors: FieldErrors = {};
  for (const field of FIELDS) {
    const message = checkField(field, values, original);
    if (message) errors[field] = message;
  }
  if (Object.keys(errors).length > 0) return { errors };
  const parsed = postInputSchema.safeParse({
    title: values.title,
    slug: effectiveSlug(values),
    excerpt: values.excerpt,
    content: values.content,
    imageUrl: values.imageUrl,
    publishedAt: publishedAtFor(values, original),
    readingTime: values.readingTime,
    postType: values.postType,
    categoryId: values.categoryId === "none" ? null : Number(values.categoryId),
    // Spec §2: the form always sets the team byline.
    authorName: POST_AUTHOR.name,
    authorImageUrl: POST_AUTHOR.imageUrl,
  });
  if (parsed.success) return { errors, input: parsed.data };
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    if (FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

function errorsFromServer(fieldErrors: Record<string, string>): FieldErrors {
  const out: FieldErrors = {};
  for (const field of FIELDS) {
    const first = fieldErrors[field];
    if (first) out[field] = first;
  }
  return out;
}

function focusField(field: Field) {
  const element = document.getElementById(FIELD_IDS[field]);
  element?.focus();
  element?.scrollIntoView?.({ block: "center" });
}

const INPUT =
  "mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-ink shadow-sm placeholder:text-stone-500 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary disabled:bg-stone-100";

/**
 * The create/edit post form: every field of spec §2, checked with the domain rules on submit,
 * a live preview of the body, and the §8 toasts. `post` null means create mode.
 */
export function PostForm({ post, categories }: { post: Post | null; categories: CategoryOption[] }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const editing = post !== null;
  const [values, setValues] = useState<FormValues>(() => initialValues(post, isoDay));
  const [baseline, setBaseline] = useState<FormValues>(() => initialValues(post, isoDay));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const savedRef = useRef(false);

  // The publish day is the browser's: the instant is stored as noon in its time zone. An
  // untouched date field switches to it once the page runs here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration; later loader data must not reset edits
  useEffect(() => {
    const rendered = initialValues(post, isoDay).publishDay;
    const local = initialValues(post, localDay).publishDay;
    setBaseline((current) => ({ ...current, publishDay: local }));
    setValues((current) => (current.publishDay === rendered ? { ...current, publishDay: local } : current));
  }, []);

  const dirty = JSON.stringify(values) !== JSON.stringify(baseline);

  // Leaving with unsaved changes asks first (in-app links here; reload and tab close below).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !savedRef.current &&
      currentLocation.pathname !== nextLocation.pathname &&
      nextLocation.pathname !== "/admin/login",
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (savedRef.current) return;
      event.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  // The latest values, for changes that arrive after an await (an upload finishing) and must
  // not bring back what the fields held when it started.
  const valuesRef = useRef(values);
  valuesRef.current = values;

  function update<K extends keyof FormValues>(key: K, value: FormValues[K]) {
    const next = { ...valuesRef.current, [key]: value };
    valuesRef.current = next;
    setValues(next);
    // Only fields already marked wrong are re-checked while typing.
    const field: Field = key === "publishDay" ? "publishedAt" : (key as Field);
    const related: Field[] = key === "title" ? ["title", "slug"] : [field];
    setErrors((current) => {
      if (!related.some((f) => current[f])) return current;
      const nextErrors = { ...current };
      for (const f of related) if (current[f]) nextErrors[f] = checkField(f, next, post);
      return nextErrors;
    });
  }

  const onText =
    (key: "title" | "slug" | "excerpt" | "content" | "publishDay" | "readingTime" | "postType" | "categoryId") =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      update(key, event.target.value);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || uploading) return;
    const { errors: found, input } = validate(values, post);
    setErrors(found);
    if (!input) {
      const first = FIELDS.find((field) => found[field]);
      if (first) focusField(first);
      return;
    }

    setSaving(true);
    try {
      await savePost(post?.id ?? null, input);
    } catch (error) {
      const serverErrors = error instanceof ApiError ? errorsFromServer(error.firstFieldErrors) : {};
      if (Object.keys(serverErrors).length > 0) {
        setErrors(serverErrors);
        const first = FIELDS.find((field) => serverErrors[field]);
        if (first) focusField(first);
      }
      const reason = describeError(error);
      toast({
        title: POST_TEXT.errorTitle,
        description: `${editing ? POST_TEXT.updateFailed : POST_TEXT.createFailed}${reason}`,
        variant: "destructive",
      });
      setSaving(false);
      return;
    }

    savedRef.current = true;
    toast({
      title: editing ? POST_TEXT.updatedTitle : POST_TEXT.createdTitle,
      description: `"${input.title}" has been ${editing ? "updated" : "created"}.`,
    });
    await navigate("/admin/posts");
  }

  const generatedSlug = slugify(values.title);
  const slugShown = effectiveSlug(values);
  const errorId = (field: Field) => `${FIELD_IDS[field]}-error`;
  const describedBy = (field: Field, ...more: (string | false)[]) =>
    [errors[field] ? errorId(field) : false, ...more].filter(Boolean).join(" ") || undefined;
  const fieldProps = (field: Field) => ({
    id: FIELD_IDS[field],
    name: field,
    "aria-invalid": errors[field] ? true : undefined,
    className: `${INPUT} scroll-mt-28 ${errors[field] ? "border-red-700" : "border-stone-300"}`,
  });
  const errorText = (field: Field) =>
    errors[field] ? (
      <p id={errorId(field)} className="mt-1 text-sm font-semibold text-red-700">
        {errors[field]}
      </p>
    ) : null;
  const label = (field: Field, text: string, optional = false) => (
    <label htmlFor={FIELD_IDS[field]} className="block text-sm font-bold">
      {text}
      {optional ? <span className="ml-1 font-normal text-muted">(optional)</span> : null}
    </label>
  );
  const knownCategory = values.categoryId === "none" || categories.some((c) => String(c.id) === values.categoryId);

  return (
    <>
      <form method="post" noValidate onSubmit={onSubmit} aria-labelledby="post-form-heading" className="grid gap-6">
        <div className="grid gap-6 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
          <h2 className="text-xl font-extrabold tracking-tight">Post Details</h2>
          <div className="grid gap-6 md:grid-cols-2">
            <div>
              {label("title", "Title")}
              <input
                {...fieldProps("title")}
                type="text"
                value={values.title}
                onChange={onText("title")}
                aria-describedby={describedBy("title")}
                placeholder="e.g. The 10 Best Chew Toys for Power Chewers"
              />
              {errorText("title")}
            </div>
            <div>
              {label("slug", "Slug")}
              <input
                {...fieldProps("slug")}
                type="text"
                value={values.slug}
                onChange={onText("slug")}
                aria-describedby={describedBy("slug", "post-slug-hint")}
                placeholder={generatedSlug || "generated-from-the-title"}
                autoCapitalize="none"
                autoComplete="off"
                spellCheck={false}
              />
              {errorText("slug")}
              <p id="post-slug-hint" className="mt-1 text-sm break-words text-muted">
                {values.slug.trim() === "" ? "Leave empty to generate it from the title. " : ""}
                {slugShown ? (
                  <>
                    Address:{" "}
                    <span className="font-mono text-ink">
                      {postPath({ postType: values.postType, slug: slugShown })}
                    </span>
                  </>
                ) : null}
              </p>
            </div>
          </div>

          <div>
            {label("excerpt", "Excerpt")}
            <textarea
              {...fieldProps("excerpt")}
              rows={3}
              value={values.excerpt}
              onChange={onText("excerpt")}
              aria-describedby={describedBy("excerpt", "post-excerpt-hint")}
            />
            {errorText("excerpt")}
            <p id="post-excerpt-hint" className="mt-1 text-sm text-muted">
              Shown on post cards and in search results.
            </p>
          </div>

          <ImageUploadField
            id={FIELD_IDS.imageUrl}
            label="Featured Image"
            value={values.imageUrl}
            onChange={(url) => update("imageUrl", url)}
            disabled={saving}
            error={errors.imageUrl}
            onBusyChange={setUploading}
          />

          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            <div>
              {label("publishedAt", "Publish Date")}
              <input
                {...fieldProps("publishedAt")}
                type="date"
                value={values.publishDay}
                onChange={onText("publishDay")}
                aria-describedby={describedBy("publishedAt")}
              />
              {errorText("publishedAt")}
            </div>
            <div>
              {label("readingTime", "Reading Time (minutes)")}
              <input
                {...fieldProps("readingTime")}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={values.readingTime}
                onChange={onText("readingTime")}
                aria-describedby={describedBy("readingTime")}
              />
              {errorText("readingTime")}
            </div>
            <div>
              {label("postType", "Post Type")}
              <select
                {...fieldProps("postType")}
                value={values.postType}
                onChange={onText("postType")}
                aria-describedby={describedBy("postType")}
              >
                {POST_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {postTypeLabel(type)}
                  </option>
                ))}
              </select>
              {errorText("postType")}
            </div>
            <div>
              {label("categoryId", "Category", true)}
              <select
                {...fieldProps("categoryId")}
                value={values.categoryId}
                onChange={onText("categoryId")}
                aria-describedby={describedBy("categoryId")}
              >
                <option value="none">None</option>
                {categories.map((category) => (
                  <option key={category.id} value={String(category.id)}>
                    {category.name}
                  </option>
                ))}
                {/* The list may have failed to load: never drop the post's category silently. */}
                {knownCategory ? null : <option value={values.categoryId}>{`Category #${values.categoryId}`}</option>}
              </select>
              {errorText("categoryId")}
            </div>
          </div>
        </div>

        <div className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
          <h2 className="text-xl font-extrabold tracking-tight">Content</h2>
          <div className="mt-4 grid gap-6 lg:grid-cols-2">
            <div className="flex min-w-0 flex-col">
              <label htmlFor={FIELD_IDS.content} className="block text-sm font-bold">
                Post body
              </label>
              <textarea
                {...fieldProps("content")}
                value={values.content}
                onChange={onText("content")}
                aria-describedby={describedBy("content", "post-formatting-guide")}
                className={`${fieldProps("content").className} h-[28rem] resize-y font-mono text-sm leading-relaxed lg:h-[36rem]`}
              />
              {errorText("content")}
              <FormattingGuide id="post-formatting-guide" />
            </div>
            <MarkdownPreview id="post-preview" source={values.content} />
          </div>
        </div>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to="/admin/posts" className={buttonClass("secondary", "lg")}>
            Cancel
          </Link>
          <button
            type="submit"
            disabled={!hydrated || saving || uploading}
            aria-busy={saving || undefined}
            className={buttonClass("primary", "lg")}
          >
            {saving ? (
              <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
            ) : (
              <Save className="size-5" aria-hidden="true" />
            )}
            {saving ? "Saving..." : editing ? "Update Post" : "Create Post"}
          </button>
        </div>
      </form>

      <ConfirmDialog
        open={blocker.state === "blocked"}
        title="Discard unsaved changes?"
        description="You have changes to this post that are not saved. If you leave now, they will be lost."
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </>
  );
}
