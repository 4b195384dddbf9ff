import { type MouseEvent, useCallback } from "react";
import { useNavigate } from "react-router";
import type { AffiliatePlacement } from "#domain/placements.ts";
import type { PostBlock } from "#domain/product-boxes.ts";
import { BuyBox, ComparisonTable } from "./product-box";

// Typography for the rendered markdown, applied to each HTML part of a body (not around the
// boxes and tables, which have their own) (no typography plugin in the build): readable
// measure, clear heading rhythm, real list markers and links that look like links.
export const PROSE = [
  "max-w-none text-base leading-relaxed text-ink sm:text-lg",
  "[&>:first-child]:mt-0",
  "[&_h2]:mt-12 [&_h2]:mb-4 [&_h2]:text-2xl [&_h2]:font-extrabold [&_h2]:leading-tight [&_h2]:tracking-tight sm:[&_h2]:text-3xl",
  "[&_h3]:mt-8 [&_h3]:mb-3 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:leading-snug",
  "[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:text-lg [&_h4]:font-bold",
  "[&_p]:my-5",
  "[&_ul]:my-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-5 [&_ol]:list-decimal [&_ol]:pl-6",
  "[&_li]:my-2 [&_li]:pl-1 [&_li::marker]:text-primary [&_li>ul]:my-2 [&_li>ol]:my-2",
  "[&_a]:font-semibold [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-primary-hover",
  "[&_strong]:font-bold [&_em]:italic",
  "[&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-primary [&_blockquote]:bg-primary-soft [&_blockquote]:px-5 [&_blockquote]:py-3 [&_blockquote]:italic",
  "[&_code]:rounded [&_code]:bg-stone-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-base",
  "[&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-stone-900 [&_pre]:p-4 [&_pre]:text-stone-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0",
  "[&_img]:my-8 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl",
  "[&_hr]:my-10 [&_hr]:border-stone-200",
  "[&_table]:my-6 [&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:border-collapse [&_table]:text-base",
  "[&_th]:border-b-2 [&_th]:border-stone-300 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-bold",
  "[&_td]:border-b [&_td]:border-stone-200 [&_td]:px-3 [&_td]:py-2 [&_td]:align-top",
].join(" ");

/**
 * Links inside the rendered markdown are plain anchors; site-internal ones go through the
 * router like every other link (no full page reload). Modified clicks, new-tab links and
 * same-page anchors keep the browser's behaviour.
 */
function useInternalLinkClicks() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      ) {
        return;
      }
      const anchor = (event.target as Element).closest("a");
      if (!anchor || anchor.target || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.hash) return;
      event.preventDefault();
      navigate(`${url.pathname}${url.search}${url.hash}`);
    },
    [navigate],
  );
}

/**
 * The landmark names of the body's buy boxes by block index: "Buy box: {toy}", and where one toy
 * is placed more than once, "Buy box: {toy} (2 of 3)", so no two boxes share a name.
 */
function buyBoxLabels(blocks: readonly PostBlock[]): Map<number, string> {
  const placed = new Map<number, number[]>();
  blocks.forEach((block, index) => {
    if (block.kind === "toy") placed.set(block.toy.id, [...(placed.get(block.toy.id) ?? []), index]);
  });
  const labels = new Map<number, string>();
  for (const indexes of placed.values()) {
    indexes.forEach((index, n) => {
      const block = blocks[index];
      if (block?.kind !== "toy") return;
      const name = `Buy box: ${block.toy.name}`;
      labels.set(index, indexes.length === 1 ? name : `${name} (${n + 1} of ${indexes.length})`);
    });
  }
  return labels;
}

/**
 * A post body as pages show it: the server's safe HTML with the buy boxes and comparison
 * tables in their places. The admin preview renders the same component, so it looks exactly
 * like the public page; only it receives `missing` blocks, shown as warnings.
 */
export function PostBody({
  blocks,
  placement,
  className = "",
}: {
  blocks: readonly PostBlock[];
  /** where the body's retailer links count their clicks: `post:{slug}` */
  placement: AffiliatePlacement;
  className?: string;
}) {
  const onContentClick = useInternalLinkClicks();
  const boxLabel = buyBoxLabels(blocks);
  return (
    <div className={className || undefined}>
      {blocks.map((block, index) => {
        // blocks have no ids; their order is their identity while the body is unchanged
        const key = `${block.kind}-${index}`;
        switch (block.kind) {
          case "html":
            return (
              // biome-ignore lint/a11y/noStaticElementInteractions: only delegates clicks of the links inside, which are focusable themselves
              // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link fires its click, which this handles
              <div
                key={key}
                className={PROSE}
                onClick={onContentClick}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by renderMarkdownParts, which disables raw HTML and unsafe link schemes
                dangerouslySetInnerHTML={{ __html: block.html }}
              />
            );
          case "toy":
            return (
              <BuyBox key={key} toy={block.toy} placement={placement} headingLevel="h3" label={boxLabel.get(index)} />
            );
          case "compare":
            return <ComparisonTable key={key} toys={block.toys} placement={placement} />;
          case "missing":
            return (
              <p
                key={key}
                role="note"
                data-testid="embed-warning"
                className="my-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
              >
                <strong className="font-bold">Not shown to visitors: </strong>
                <code className="font-mono">{block.token}</code> {block.reason}
              </p>
            );
          default:
            return null;
        }
      })}
    </div>
  );
}
