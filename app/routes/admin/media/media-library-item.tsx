import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import SaveNode from "lucide/dist/esm/icons/save.mjs";
import Trash2Node from "lucide/dist/esm/icons/trash.mjs";
import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { LocalDate } from "#app/components/admin/local-date.tsx";
import { FormErrors, TextField } from "#app/components/form/field.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { formModule, useKitForm } from "#app/components/form/use-kit-form.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { toast } from "#app/lib/toast.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { formatBytes, MAX_ALT_TEXT_LENGTH, MEDIA_TEXT, type MediaItem, type MediaUsage } from "#domain/media.ts";

const Save = icon("save", SaveNode);
const Trash2 = icon("trash", Trash2Node);

// The schema module this form checks with, loaded on the form's first focus or press (use-kit-form.ts).
const mediaForms = formModule(() => import("#domain/media-form.ts"));

const altTextSchema = (forms: typeof import("#domain/media-form.ts")) => forms.mediaAltTextSchema;

/** What the library's action answers, for one image. */
export interface MediaActionData {
  intent: "alt" | "delete" | "unknown";
  id: number | null;
  ok: boolean;
  /** the alt text form's answer */
  result?: SubmissionResult<string[]>;
  /** why a delete was refused */
  message?: string;
}

const KIND_LABEL: Record<MediaUsage["kind"], string> = {
  post: "Post",
  product: "Product",
  breed: "Breed",
  category: "Category",
  testimonial: "Testimonial",
  newsletter: "Newsletter",
};

/** Where the owner edits the thing that uses an image (nothing for what has no admin screen). */
export function usageHref(use: MediaUsage): string | null {
  if (use.inTrash) return null;
  switch (use.kind) {
    case "post":
      return `/admin/posts/${use.id}`;
    case "product":
      return `/admin/products/${use.id}`;
    case "breed":
      return `/admin/breeds/${use.id}`;
    case "category":
      return `/admin/categories/${use.id}`;
    default:
      return null;
  }
}

function UsageList({ item, id }: { item: MediaItem; id: string }) {
  if (item.usage.length === 0) {
    return (
      <p id={id} className="text-sm text-muted">
        Not used anywhere
      </p>
    );
  }
  return (
    <div id={id}>
      <p className="text-sm font-bold">Used in</p>
      <ul className="mt-1 grid gap-1 text-sm">
        {item.usage.map((use) => {
          const href = usageHref(use);
          const label = `${KIND_LABEL[use.kind]}: ${use.title}`;
          const field = use.field === "image" ? "" : ` (${use.field})`;
          return (
            <li key={`${use.kind}-${use.id}-${use.field}`} className="break-words">
              {href ? (
                <Link to={href} className="font-semibold text-primary underline-offset-2 hover:underline">
                  {label}
                </Link>
              ) : (
                <span className="font-semibold">{label}</span>
              )}
              <span className="text-muted">
                {field}
                {use.inTrash ? " (in the trash)" : ""}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * One image of the library: thumbnail, name, size, dimensions, upload date, where it is used, its
 * alt text form (a kit form posting to the library's action) and its delete button.
 */
export function MediaLibraryItem({
  item,
  actionData,
  onDelete,
}: {
  item: MediaItem;
  /** the action's answer when the page was posted before its scripts ran */
  actionData?: MediaActionData;
  onDelete: (item: MediaItem) => void;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<MediaActionData>({ key: `media-alt-${item.id}` });
  const fromPage = actionData?.intent === "alt" && actionData.id === item.id ? actionData.result : undefined;
  const { form, fields } = useKitForm({
    id: `media-alt-${item.id}`,
    module: mediaForms,
    schema: altTextSchema,
    lastResult: fetcher.data?.result ?? fromPage,
    defaultValue: { altText: item.altText ?? "" },
  });
  const said = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || said.current === fetcher.data) return;
    said.current = fetcher.data;
    if (fetcher.data.ok) toast({ title: MEDIA_TEXT.altSaved, description: item.originalName ?? MEDIA_TEXT.untitled });
  }, [fetcher.state, fetcher.data, item.originalName]);

  const name = item.originalName ?? MEDIA_TEXT.untitled;
  const headingId = `media-${item.id}-name`;
  const usageId = `media-${item.id}-usage`;
  return (
    <li className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      <article aria-labelledby={headingId} className="flex flex-1 flex-col" data-testid="media-item">
        <a href={item.url} target="_blank" rel="noopener noreferrer" className="block bg-stone-100">
          <img
            src={item.thumbnailUrl}
            alt={item.altText ?? ""}
            width={item.width}
            height={item.height}
            loading="lazy"
            decoding="async"
            className="aspect-[4/3] w-full object-contain"
          />
          <span className="sr-only">Open {name} in full size (new tab)</span>
        </a>
        <div className="flex flex-1 flex-col gap-3 p-4">
          <div>
            <h3 id={headingId} className="font-bold break-words">
              {name}
            </h3>
            <p className="mt-0.5 text-sm text-muted">
              {item.width} × {item.height} px · {formatBytes(item.size)} · Uploaded <LocalDate iso={item.createdAt} />
            </p>
          </div>
          <UsageList item={item} id={usageId} />
          <fetcher.Form method="post" {...getFormProps(form)} aria-label={`Alt text of ${name}`} className="grid gap-2">
            <input type="hidden" name="intent" value="alt" />
            <input type="hidden" name="id" value={item.id} />
            <FormErrors id={form.errorId} errors={form.errors} />
            <TextField
              field={fields.altText}
              label="Alt text"
              hint={`What the image shows, for people who cannot see it (up to ${MAX_ALT_TEXT_LENGTH} characters).`}
              inputProps={{ autoComplete: "off", maxLength: MAX_ALT_TEXT_LENGTH }}
            />
            <div>
              <SubmitButton
                busy={fetcher.state !== "idle"}
                busyText="Saving..."
                icon={<Save className="size-4" aria-hidden="true" />}
              >
                Save alt text
              </SubmitButton>
            </div>
          </fetcher.Form>
          <div className="mt-auto border-t border-stone-200 pt-3">
            <button
              type="button"
              onClick={() => onDelete(item)}
              disabled={!hydrated}
              aria-describedby={usageId}
              className={buttonClass("ghost", "sm", "text-red-700 hover:bg-red-50")}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Delete image
              <span className="sr-only"> {name}</span>
            </button>
          </div>
        </div>
      </article>
    </li>
  );
}
