import LoaderCircleNode from "lucide/dist/esm/icons/loader-circle.mjs";
import { Suspense, use, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { PostBody } from "#app/components/post-body.tsx";
import { BuyBox } from "#app/components/product-box.tsx";
import { icon } from "#app/components/ui/icon.ts";
import { callApi } from "#app/lib/api.ts";
import type { AffiliatePlacement } from "#domain/placements.ts";
import { addsReviewedToyBoxes, type PostPreview } from "#domain/product-boxes.ts";

const LoaderCircle = icon("loader-circle", LoaderCircleNode);

/** How long typing pauses before the server renders the body with its products. */
const PREVIEW_DELAY_MS = 400;

type Markdown = typeof import("#domain/markdown.ts");

// The markdown renderer (markdown-it and its parsers, some 40 KB gzip) is not part of the editor's
// first load (decision 069): the page brings the stored body already rendered (`rendered`), and
// the renderer loads when the body is first focused or differs from it. The server has it at hand.
let loading: Promise<Markdown> | undefined;
let loaded: Markdown | undefined;

/** Starts loading the markdown renderer, once. */
export function loadMarkdown(): Promise<Markdown> {
  loading ??= import("#domain/markdown.ts").then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}
if (import.meta.env.SSR) void loadMarkdown();

/**
 * The body's HTML parts rendered here, the text alone: what the preview shows until the
 * server's blocks arrive for it. `source` null: the server's blocks are there, none are needed.
 */
function useLocalBlocks(source: string | null, rendered: RenderedBody | null): PostPreview["blocks"] {
  const stored = source === null || rendered?.source === source;
  // Suspends until the renderer has loaded; the boundary keeps showing what it showed before.
  const markdown = stored ? null : (loaded ?? use(loadMarkdown()));
  return useMemo(() => {
    if (source === null) return [];
    if (!markdown) return rendered?.blocks ?? [];
    return markdown
      .renderMarkdownParts(source)
      .flatMap((part) => (part.kind === "html" ? [part] : [])) as PostPreview["blocks"];
  }, [markdown, source, rendered]);
}

/** A body and its HTML parts as the server rendered them (the loader's, for the stored body). */
export interface RenderedBody {
  source: string;
  blocks: PostPreview["blocks"];
}

/**
 * The post body as the public page will show it: the same markdown renderer and the same
 * PostBody component, with its buy boxes and comparison tables filled by the server from the
 * live catalogue (POST /api/admin/post-preview), plus a warning for every token visitors would
 * not see. While the server's answer is on its way, the text shows as the browser renders it.
 */
export function MarkdownPreview({
  source,
  id,
  reviewedToyId = null,
  slug = "",
  rendered = null,
}: {
  source: string;
  id: string;
  reviewedToyId?: number | null;
  slug?: string;
  /** the stored body as the server rendered it, so the page needs no renderer of its own */
  rendered?: RenderedBody | null;
}) {
  const deferred = useDeferredValue(source);
  const headingId = `${id}-heading`;
  const [preview, setPreview] = useState<{ key: string; data: PostPreview } | null>(null);
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");
  const call = useRef(0);
  const key = `${reviewedToyId ?? ""}\n${deferred}`;

  useEffect(() => {
    if (deferred.trim() === "" && reviewedToyId === null) return;
    const mine = ++call.current;
    setState("loading");
    const timer = setTimeout(async () => {
      try {
        const answer = await callApi<PostPreview>("POST", "/api/admin/post-preview", {
          json: { content: deferred, reviewedToyId },
        });
        if (mine !== call.current) return;
        setPreview({ key, data: answer.data });
        setState("idle");
      } catch {
        if (mine === call.current) setState("failed");
      }
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [deferred, reviewedToyId, key]);

  const current = preview?.key === key ? preview.data : null;
  const placement = `post:${slug || "preview"}` as const;

  return (
    <div className="flex min-w-0 flex-col">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-bold">
          Preview
        </h3>
        <span role="status" className="flex items-center gap-1 text-xs text-muted">
          {state === "loading" ? (
            <>
              <LoaderCircle className="size-3.5 animate-spin" aria-hidden="true" /> Updating products...
            </>
          ) : state === "failed" ? (
            "The products could not be shown; the text is up to date."
          ) : null}
        </span>
      </div>
      {/* Focusable, so keyboard users can scroll a long preview. */}
      {/* biome-ignore lint/a11y/useSemanticElements: a <section> wants its heading inside, and this one's sits above the scrolling box, beside the status */}
      <div
        id={id}
        role="region"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-labelledby={headingId}
        className="mt-1 h-[28rem] overflow-y-auto rounded-lg border border-stone-200 bg-surface px-4 py-4 sm:px-6 lg:h-[36rem]"
      >
        {/* Only a body the page did not bring rendered waits for the renderer: typing keeps the
            last preview on screen meanwhile (the body is a deferred value), and the server's
            HTML stays while the page hydrates. */}
        <Suspense fallback={<p className="text-muted">Loading the preview...</p>}>
          {deferred.trim() === "" && !current?.reviewedToy ? (
            <p className="text-muted">Start writing to see how the post will look.</p>
          ) : (
            <PreviewBody source={deferred} current={current} rendered={rendered} placement={placement} />
          )}
        </Suspense>
      </div>
    </div>
  );
}

/** The body with its boxes: the server's blocks for this text, or the text alone meanwhile. */
function PreviewBody({
  source,
  current,
  rendered,
  placement,
}: {
  source: string;
  current: PostPreview | null;
  rendered: RenderedBody | null;
  placement: AffiliatePlacement;
}) {
  const local = useLocalBlocks(current ? null : source, rendered);
  const blocks = current?.blocks ?? local;
  // as the public page shows it: the reviewed toy's two boxes, unless the body places it itself
  const reviewedToy = current?.reviewedToy ?? null;
  const autoBoxToy = addsReviewedToyBoxes(blocks, reviewedToy) ? reviewedToy : null;
  return (
    <>
      {autoBoxToy ? <BuyBox toy={autoBoxToy} placement={placement} /> : null}
      <PostBody blocks={blocks} placement={placement} />
      {autoBoxToy ? (
        <BuyBox toy={autoBoxToy} placement={placement} label={`Buy box: ${autoBoxToy.name} (end of post)`} />
      ) : null}
    </>
  );
}
