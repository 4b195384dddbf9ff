import { parseWithZod } from "@conform-to/zod/v4";
import ArrowLeftNode from "lucide/dist/esm/icons/arrow-left.mjs";
import ImageOffNode from "lucide/dist/esm/icons/image-off.mjs";
import LoaderCircleNode from "lucide/dist/esm/icons/loader-circle.mjs";
import SearchNode from "lucide/dist/esm/icons/search.mjs";
import UploadNode from "lucide/dist/esm/icons/upload.mjs";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useFetcher, useNavigate, useNavigation, useRevalidator } from "react-router";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { checkImageFile, UPLOAD_TEXT, uploadImage } from "#app/components/admin/image-upload-field.tsx";
import { NoticeDialog } from "#app/components/admin/notice-dialog.tsx";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { listPageHref, Pagination, pageFromParam } from "#app/components/admin/pagination.tsx";
import { formatCount } from "#app/components/admin/panel.tsx";
import { serviceRefusal } from "#app/components/form/service-refusal.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { settle } from "#app/lib/result.ts";
import { toast } from "#app/lib/toast.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { isDatabaseId } from "#domain/ids.ts";
import { inUseMessage, MEDIA_PAGE_SIZE, MEDIA_TEXT, type MediaItem } from "#domain/media.ts";
import { mediaAltTextSchema } from "#domain/media-form.ts";
import type { Route } from "./+types/library";
import { type MediaActionData, MediaLibraryItem } from "./media-library-item.tsx";

const ArrowLeft = icon("arrow-left", ArrowLeftNode);
const ImageOff = icon("image-off", ImageOffNode);
const LoaderCircle = icon("loader-circle", LoaderCircleNode);
const Search = icon("search", SearchNode);
const Upload = icon("upload", UploadNode);

export const meta = () => [{ title: pageTitle("Media Library") }, { name: "robots", content: "noindex" }];

const PATH = "/admin/media";
const MAX_SEARCH = 100;

export async function loader({ url, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, MAX_SEARCH);
  const page = pageFromParam(url.searchParams.get("page"));
  const images = await settle(
    () => app.services.media.list({ search: search || undefined, page, pageSize: MEDIA_PAGE_SIZE }),
    (error) => app.logger.error({ err: error }, "admin media library failed"),
  );
  const pages = images.ok ? Math.max(1, Math.ceil(images.data.total / MEDIA_PAGE_SIZE)) : 1;
  // A page past the end (after deletes, or a hand-edited URL) shows the last one instead.
  if (images.ok && page > pages) throw redirect(listPageHref(PATH, pages, search));
  return { images, page, pages, search };
}

// The alt text forms post here (before the scripts run too), with the same schema and service as
// PATCH /api/admin/media/{id}; the delete button too, as DELETE /api/admin/media/{id} does.
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const form = await request.formData();
  const intent = form.get("intent");
  const rawId = String(form.get("id") ?? "");
  const id = isDatabaseId(rawId) ? Number(rawId) : null;
  const { media } = app.services;
  if (id === null || (intent !== "alt" && intent !== "delete")) {
    return data<MediaActionData>({ intent: "unknown", id, ok: false, message: "Unknown action" }, { status: 400 });
  }
  if (intent === "alt") {
    const submission = parseWithZod(form, { schema: mediaAltTextSchema });
    if (submission.status !== "success") {
      return data<MediaActionData>({ intent, id, ok: false, result: submission.reply() }, { status: 400 });
    }
    const item = await media.updateAltText(id, submission.value.altText);
    if (!item) {
      return data<MediaActionData>(
        { intent, id, ok: false, result: submission.reply({ formErrors: [MEDIA_TEXT.notFound] }) },
        { status: 404 },
      );
    }
    return { intent, id, ok: true, result: submission.reply() } satisfies MediaActionData;
  }
  try {
    if (!(await media.remove(id))) {
      return data<MediaActionData>({ intent, id, ok: false, message: MEDIA_TEXT.notFound }, { status: 404 });
    }
  } catch (error) {
    const refusal = serviceRefusal(error, []);
    if (!refusal) throw error;
    // an image in use: the service's sentence says where
    return data<MediaActionData>(
      { intent, id, ok: false, message: (error as Error).message },
      { status: refusal.status },
    );
  }
  return { intent, id, ok: true } satisfies MediaActionData;
}

/** The library's search: a GET form, so the address says what is shown and Back works. */
function MediaSearch({ search }: { search: string }) {
  return (
    <Form method="get" action={PATH} role="search" className="flex w-full gap-2 sm:max-w-md">
      <div className="relative flex-1">
        <label htmlFor="media-search" className="sr-only">
          Search images by name or alt text
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <input
          id="media-search"
          name="search"
          type="search"
          placeholder="Search images..."
          autoComplete="off"
          maxLength={MAX_SEARCH}
          defaultValue={search}
          key={search}
          className="block w-full rounded-lg border border-stone-300 bg-white py-2.5 pr-3 pl-10 text-base text-ink shadow-sm placeholder:text-stone-500 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary"
        />
      </div>
      <button type="submit" className={buttonClass("secondary", "md")}>
        Search
      </button>
    </Form>
  );
}

/** Upload new: the real file input stays in the page, its label is the button (as in the image field). */
function MediaUpload() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [uploading, setUploading] = useState(false);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    const refused = checkImageFile(file);
    if (refused) {
      toast({ ...refused, variant: "destructive" });
      return;
    }
    setUploading(true);
    try {
      await uploadImage(file);
      toast({ title: UPLOAD_TEXT.successTitle, description: UPLOAD_TEXT.successDescription });
      // the newest image is first on the unsearched first page (its loader runs again)
      await navigate(PATH);
    } catch (failure) {
      const description = failure instanceof Error && failure.message ? failure.message : UPLOAD_TEXT.unknownError;
      toast({ title: UPLOAD_TEXT.failedTitle, description, variant: "destructive" });
    } finally {
      setUploading(false);
    }
  }

  return (
    <div>
      <input
        id="media-upload"
        type="file"
        accept="image/*"
        disabled={!hydrated || uploading}
        onChange={onFile}
        className="peer sr-only"
      />
      <label
        htmlFor="media-upload"
        className={`${buttonClass("primary", "md")} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary peer-disabled:cursor-not-allowed peer-disabled:opacity-60`}
      >
        {uploading ? (
          <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
        ) : (
          <Upload className="size-5" aria-hidden="true" />
        )}
        {uploading ? "Uploading..." : "Upload image"}
      </label>
      <p role="status" className="sr-only">
        {uploading ? "Uploading image..." : ""}
      </p>
    </div>
  );
}

/** /admin/media: every uploaded image, searchable and paged, with alt text, usage, upload and delete. */
export default function AdminMediaLibrary({ loaderData, actionData }: Route.ComponentProps) {
  const { images, page, pages, search } = loaderData;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const deleter = useFetcher<MediaActionData>({ key: "media-delete" });
  const [pendingDelete, setPendingDelete] = useState<MediaItem | null>(null);
  const [inUse, setInUse] = useState<MediaItem | null>(null);
  const said = useRef<unknown>(null);
  const loading =
    revalidator.state === "loading" || (navigation.state === "loading" && navigation.location.pathname === PATH);
  const items = images.ok ? images.data.items : [];
  const total = images.ok ? images.data.total : 0;
  const first = (page - 1) * MEDIA_PAGE_SIZE + 1;

  // The delete's outcome, once: a toast, and the dialog closes.
  useEffect(() => {
    if (deleter.state !== "idle" || !deleter.data || said.current === deleter.data) return;
    said.current = deleter.data;
    setPendingDelete(null);
    if (deleter.data.ok)
      toast({ title: MEDIA_TEXT.deleted, description: "The image and its smaller copies are gone." });
    else {
      toast({
        title: "The image was not deleted",
        description: deleter.data.message ?? "Please try again.",
        variant: "destructive",
      });
    }
  }, [deleter.state, deleter.data]);

  // Posted before the scripts ran: the outcome of a delete is said on the page itself.
  const refusedBeforeScripts = actionData?.intent === "delete" && !actionData.ok ? actionData.message : undefined;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        crumbs={[{ label: "Dashboard", to: "/admin/dashboard" }, { label: "Media Library" }]}
        title="Media Library"
        subtitle="Every uploaded image: where it is used, its alt text, and room for new ones"
        actions={
          <>
            <Link to="/admin/dashboard" className={buttonClass("secondary", "md")}>
              <ArrowLeft className="size-5" aria-hidden="true" />
              Back to Dashboard
            </Link>
            <MediaUpload />
          </>
        }
      />

      {refusedBeforeScripts ? (
        <p
          role="alert"
          className="mt-6 rounded-lg border border-red-200 bg-red-50 px-3 py-2 font-semibold text-red-800"
        >
          {refusedBeforeScripts}
        </p>
      ) : null}

      <section
        aria-labelledby="all-images-heading"
        className="mt-8 rounded-xl border border-stone-200 bg-white shadow-sm"
      >
        <div className="flex flex-col gap-4 border-b border-stone-200 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6">
          <h2 id="all-images-heading" className="text-xl font-extrabold tracking-tight">
            All Images
          </h2>
          <MediaSearch search={search} />
        </div>

        <div className="relative p-4 sm:p-6" aria-busy={loading || undefined}>
          {loading ? (
            <div className="absolute inset-0 z-10 flex justify-center bg-white/70 pt-12">
              <p role="status" className="flex h-fit items-center gap-3 rounded-full bg-white px-5 py-3 shadow-md">
                <LoaderCircle className="size-6 animate-spin text-primary" aria-hidden="true" />
                <span className="font-semibold">Loading images...</span>
              </p>
            </div>
          ) : null}

          {!images.ok ? (
            <div className="p-4 text-center">
              <p className="font-semibold">The images could not be loaded.</p>
              <button
                type="button"
                onClick={() => revalidator.revalidate()}
                className={buttonClass("secondary", "sm", "mt-4")}
              >
                Try again
              </button>
            </div>
          ) : total === 0 ? (
            <div className="flex flex-col items-center gap-2 p-4 text-center text-muted">
              <ImageOff className="size-10" aria-hidden="true" />
              <p>{search ? "No images match your search" : "No images yet. Upload your first image!"}</p>
              {search ? (
                <Link to={PATH} className={buttonClass("secondary", "sm", "mt-2")}>
                  Show all images
                </Link>
              ) : null}
            </div>
          ) : (
            <>
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Images">
                {items.map((item) => (
                  <MediaLibraryItem
                    key={item.id}
                    item={item}
                    actionData={actionData}
                    onDelete={(chosen) => (chosen.usage.length > 0 ? setInUse(chosen) : setPendingDelete(chosen))}
                  />
                ))}
              </ul>
              <div className="mt-6 flex flex-col items-center gap-3 border-t border-stone-200 pt-4 text-sm text-muted sm:flex-row sm:justify-between">
                <p aria-live="polite">
                  {search
                    ? `${formatCount(total)} ${total === 1 ? "image matches" : "images match"} "${search}". `
                    : ""}
                  {pages > 1
                    ? `Showing ${formatCount(first)}–${formatCount(first + items.length - 1)} of ${formatCount(total)}`
                    : search
                      ? ""
                      : `${formatCount(total)} ${total === 1 ? "image" : "images"}`}
                </p>
                <Pagination path={PATH} page={page} pages={pages} search={search} />
              </div>
            </>
          )}
        </div>
      </section>

      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete Image"
        description={`Are you sure you want to delete ${pendingDelete?.originalName ?? "this image"}? Nothing uses it; this action cannot be undone.`}
        confirmLabel="Delete"
        busy={deleter.state !== "idle"}
        onConfirm={() => {
          if (!pendingDelete) return;
          deleter.submit({ intent: "delete", id: String(pendingDelete.id) }, { method: "post", action: PATH });
        }}
        onCancel={() => setPendingDelete(null)}
      />
      <NoticeDialog
        open={inUse !== null}
        title="This image is in use"
        description={inUse ? inUseMessage(inUse.usage) : ""}
        onClose={() => setInUse(null)}
      />
    </div>
  );
}
