import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { Save } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { ImageUploadField } from "#app/components/admin/image-upload-field.tsx";
import { UnsavedChangesDialog } from "#app/components/admin/unsaved-changes-dialog.tsx";
import { FormErrors, SelectField, TextAreaField, TextField } from "#app/components/form/field.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { type SendOutcome, setFieldInput, useKitForm } from "#app/components/form/use-kit-form.ts";
import { formChanged, useUnsavedChanges } from "#app/components/form/use-unsaved-changes.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { ApiError } from "#app/lib/api.ts";
import { toast } from "#app/lib/toast.ts";
import { DEFAULT_READING_TIME, type PostInput, postFormSchema, publishDayOf, slugify } from "#domain/post-form.ts";
import { POST_TYPES, type Post, postPath, postTypeLabel } from "#domain/posts.ts";
import { FormattingGuide } from "./formatting-guide";
import { MarkdownPreview } from "./markdown-preview";
import { describeError, POST_TEXT, savePost } from "./post-api";

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
  };
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
}: {
  post: Post | null;
  categories: CategoryOption[];
  actionData?: PostActionData;
}) {
  const navigate = useNavigate();
  const editing = post !== null;
  const [uploading, setUploading] = useState(false);
  // The instant the date field shows the day of (a new post's: now).
  const [shownInstant] = useState(() => post?.publishedAt ?? new Date().toISOString());
  // The server cannot know the browser's time zone: it renders the day in UTC, and a form
  // posted before the scripts run is read in UTC too (the page's action), so the day stored
  // is the day that was shown.
  const rendered = useMemo(() => startingValues(post, publishDayOf(shownInstant, "utc")), [post, shownInstant]);
  const [startedFrom, setStartedFrom] = useState(rendered);
  // The browser reads the day in its own zone: noon there is stored.
  const schema = useMemo(() => postFormSchema({ zone: "local", storedPublishedAt: post?.publishedAt ?? null }), [post]);

  async function send(input: PostInput): Promise<SendOutcome> {
    try {
      await savePost(post?.id ?? null, input);
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
      description: `"${input.title}" has been ${editing ? "updated" : "created"}.`,
    });
    // The button keeps saying 'Saving...' until the list is on screen.
    await navigate("/admin/posts");
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

  const title = fields.title.value ?? "";
  const typedSlug = (fields.slug.value ?? "").trim();
  const slugShown = typedSlug || slugify(title);
  // The list may have failed to load: the post's own category is never dropped silently.
  const storedCategory = rendered.categoryId;
  const knownCategory = storedCategory === "none" || categories.some((c) => String(c.id) === storedCategory);

  return (
    <>
      <Form method="post" {...getFormProps(form)} aria-labelledby="post-form-heading" className="grid gap-6">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-6 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
          <h2 className="text-xl font-extrabold tracking-tight">Post Details</h2>
          <div className="grid gap-6 md:grid-cols-2">
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

          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
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
          <h2 className="text-xl font-extrabold tracking-tight">Content</h2>
          <div className="mt-4 grid gap-6 lg:grid-cols-2">
            <div className="flex min-w-0 flex-col">
              <TextAreaField
                field={fields.content}
                label="Post body"
                describedBy="post-formatting-guide"
                className="h-[28rem] resize-y font-mono text-sm leading-relaxed lg:h-[36rem]"
              />
              <FormattingGuide id="post-formatting-guide" />
            </div>
            <MarkdownPreview id="post-preview" source={fields.content.value ?? ""} />
          </div>
        </div>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to="/admin/posts" className={buttonClass("secondary", "lg")}>
            Cancel
          </Link>
          <SubmitButton
            busy={busy}
            disabled={uploading}
            busyText="Saving..."
            size="lg"
            icon={<Save className="size-5" aria-hidden="true" />}
          >
            {editing ? "Update Post" : "Create Post"}
          </SubmitButton>
        </div>
      </Form>

      <UnsavedChangesDialog blocker={blocker} what="post" />
    </>
  );
}
