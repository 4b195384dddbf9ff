import { LoaderCircle } from "lucide-react";
import { useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { PostBody } from "#app/components/post-body.tsx";
import { BuyBox } from "#app/components/product-box.tsx";
import { callApi } from "#app/lib/api.ts";
import { renderMarkdownParts } from "#domain/markdown.ts";
import { addsReviewedToyBoxes, type PostPreview } from "#domain/product-boxes.ts";

/** How long typing pauses before the server renders the body with its products. */
const PREVIEW_DELAY_MS = 400;

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
}: {
  source: string;
  id: string;
  reviewedToyId?: number | null;
  slug?: string;
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

  // Until the server's blocks arrive for this text: the text alone, rendered here.
  const local = useMemo(
    () =>
      renderMarkdownParts(deferred).flatMap((part) => (part.kind === "html" ? [part] : [])) as PostPreview["blocks"],
    [deferred],
  );
  const current = preview?.key === key ? preview.data : null;
  const blocks = current?.blocks ?? local;
  const placement = `post:${slug || "preview"}` as const;
  // as the public page shows it: the reviewed toy's two boxes, unless the body places it itself
  const reviewedToy = current?.reviewedToy ?? null;
  const autoBoxToy = addsReviewedToyBoxes(blocks, reviewedToy) ? reviewedToy : null;

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
        {deferred.trim() === "" && !current?.reviewedToy ? (
          <p className="text-muted">Start writing to see how the post will look.</p>
        ) : (
          <>
            {autoBoxToy ? <BuyBox toy={autoBoxToy} placement={placement} /> : null}
            <PostBody blocks={blocks} placement={placement} />
            {autoBoxToy ? (
              <BuyBox toy={autoBoxToy} placement={placement} label={`Buy box: ${autoBoxToy.name} (end of post)`} />
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
