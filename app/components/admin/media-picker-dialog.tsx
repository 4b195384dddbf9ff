import ImageOffNode from "lucide/dist/esm/icons/image-off.mjs";
import LoaderCircleNode from "lucide/dist/esm/icons/loader-circle.mjs";
import SearchNode from "lucide/dist/esm/icons/search.mjs";
import XNode from "lucide/dist/esm/icons/x.mjs";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { callApi } from "#app/lib/api.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { MEDIA_TEXT, type MediaItem } from "#domain/media.ts";

const ImageOff = icon("image-off", ImageOffNode);
const LoaderCircle = icon("loader-circle", LoaderCircleNode);
const Search = icon("search", SearchNode);
const X = icon("x", XNode);

const PAGE_SIZE = 24;
const SEARCH_DELAY_MS = 250;

type Loaded =
  | { state: "loading"; items: MediaItem[]; total: number }
  | { state: "ready"; items: MediaItem[]; total: number }
  | { state: "failed"; items: MediaItem[]; total: number };

/**
 * "Choose from library": a modal list of the uploaded images (GET /api/admin/media), searchable
 * and paged with "Show more", to reuse an image instead of uploading it again. On the native
 * <dialog> (focus is trapped, Escape closes, focus goes back to the opener), rendered into
 * <body>: inside the form that opens it, Enter in its search box would submit that form.
 */
export function MediaPickerDialog({
  open,
  onClose,
  onPick,
  label,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (url: string, item: MediaItem) => void;
  /** what the image is for ("Product Image"), said in the dialog's title */
  label: string;
}) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLDialogElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const searchId = useId();
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading", items: [], total: 0 });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(onClose);
  latest.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      searchRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Each opening starts afresh: the first page, no search (a search box holding text would also
  // take the first Escape to clear itself instead of closing the dialog).
  useEffect(() => {
    if (open) return;
    setPage(1);
    setSearch("");
    setQuery("");
  }, [open]);

  // Typing searches again after a pause, from the first page.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(search.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const load = useCallback(async (q: string, p: number, signal: AbortSignal) => {
    const params = new URLSearchParams({ page: String(p), pageSize: String(PAGE_SIZE) });
    if (q) params.set("search", q);
    setLoaded((current) => ({ ...current, state: "loading", items: p === 1 ? [] : current.items }));
    try {
      const answer = await callApi<MediaItem[] | null>("GET", `/api/admin/media?${params}`, undefined, { signal });
      // a search typed meanwhile aborted this one (its body may then read as empty)
      if (signal.aborted) return;
      if (!Array.isArray(answer.data)) throw new Error("the library answered without a list");
      const found = answer.data;
      const total = Number(answer.headers.get("x-total-count") ?? found.length);
      setLoaded((current) => ({
        state: "ready",
        items: p === 1 ? found : [...current.items, ...found],
        total,
      }));
    } catch {
      if (!signal.aborted) setLoaded((current) => ({ ...current, state: "failed" }));
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how "Try again" asks for the same page once more
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    void load(query, page, controller.signal);
    return () => controller.abort();
  }, [open, query, page, attempt, load]);

  if (!hydrated) return null;
  const { state, items, total } = loaded;
  const more = items.length < total;

  return createPortal(
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        latest.current();
      }}
      onClose={() => {
        if (open) latest.current();
      }}
      className="m-auto flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-3xl flex-col rounded-xl bg-white p-0 text-ink shadow-xl backdrop:bg-black/50 [&:not([open])]:hidden"
    >
      <div className="flex items-start justify-between gap-3 border-b border-stone-200 p-4 sm:p-6">
        <div>
          <h2 id={titleId} className="text-lg font-extrabold">
            Choose from library
          </h2>
          <p className="text-sm text-muted">{label}: pick an image that is already uploaded.</p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg hover:bg-stone-100"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      <div className="border-b border-stone-200 p-4 sm:px-6">
        <label htmlFor={searchId} className="sr-only">
          Search images by name or alt text
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted"
            aria-hidden="true"
          />
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            placeholder="Search images..."
            autoComplete="off"
            maxLength={100}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="block w-full rounded-lg border border-stone-300 bg-white py-2.5 pr-3 pl-10 text-base text-ink shadow-sm placeholder:text-stone-500 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary"
          />
        </div>
      </div>
      <div className="min-h-40 flex-1 overflow-y-auto p-4 sm:p-6" aria-busy={state === "loading" || undefined}>
        {state === "failed" && items.length === 0 ? (
          <div className="text-center">
            <p className="font-semibold">The library could not be loaded.</p>
            <button
              type="button"
              onClick={() => setAttempt((n) => n + 1)}
              className={buttonClass("secondary", "sm", "mt-3")}
            >
              Try again
            </button>
          </div>
        ) : state !== "loading" && items.length === 0 ? (
          <p className="flex flex-col items-center gap-2 text-center text-muted">
            <ImageOff className="size-8" aria-hidden="true" />
            {query ? "No images match your search" : "No images in the library yet. Upload one instead."}
          </p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" aria-label="Images">
            {items.map((item) => {
              const name = item.originalName ?? MEDIA_TEXT.untitled;
              return (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => onPick(item.url, item)}
                    className="group flex w-full flex-col overflow-hidden rounded-lg border border-stone-200 text-left hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                  >
                    <img
                      src={item.thumbnailUrl}
                      alt=""
                      width={item.width}
                      height={item.height}
                      loading="lazy"
                      decoding="async"
                      className="aspect-[4/3] w-full bg-stone-100 object-contain"
                    />
                    <span className="block truncate px-2 py-1.5 text-sm font-semibold group-hover:text-primary">
                      <span className="sr-only">Choose </span>
                      {name}
                    </span>
                    <span className="block px-2 pb-1.5 text-xs text-muted">
                      {item.width} × {item.height}
                      {item.altText ? "" : " · no alt text"}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {state === "loading" ? (
          <p role="status" className="mt-4 flex items-center justify-center gap-2 text-muted">
            <LoaderCircle className="size-5 animate-spin text-primary" aria-hidden="true" />
            Loading images...
          </p>
        ) : null}
        {state === "failed" && items.length > 0 ? (
          <p role="alert" className="mt-4 text-center font-semibold text-red-800">
            More images could not be loaded.
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-3 border-t border-stone-200 p-4 sm:flex-row sm:justify-between sm:px-6">
        <button type="button" onClick={onClose} className={buttonClass("secondary", "md")}>
          Cancel
        </button>
        {more && state !== "loading" ? (
          <button
            type="button"
            onClick={() => (state === "failed" ? setAttempt((n) => n + 1) : setPage((p) => p + 1))}
            className={buttonClass("secondary", "md")}
          >
            Show more images
          </button>
        ) : null}
      </div>
    </dialog>,
    document.body,
  );
}
