import { useDeferredValue, useMemo } from "react";
import { renderMarkdown } from "#domain/markdown.ts";

// The public post body's typography (app/components/post-detail.tsx), so the preview reads
// like the published page. Kept in step by hand: that module does not export its classes.
const PROSE = [
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
 * The post body as the public page will show it, rendered by the same markdown renderer
 * (raw HTML stays inert). Typing stays smooth: rendering follows a deferred copy of the text.
 */
export function MarkdownPreview({ source, id }: { source: string; id: string }) {
  const deferred = useDeferredValue(source);
  const html = useMemo(() => renderMarkdown(deferred), [deferred]);
  const headingId = `${id}-heading`;

  return (
    <div className="flex min-w-0 flex-col">
      <h3 id={headingId} className="text-sm font-bold">
        Preview
      </h3>
      {/* Focusable, so keyboard users can scroll a long preview. */}
      <section
        id={id}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-labelledby={headingId}
        className="mt-1 h-[28rem] overflow-y-auto rounded-lg border border-stone-200 bg-surface px-4 py-4 sm:px-6 lg:h-[36rem]"
      >
        {deferred.trim() === "" ? (
          <p className="text-muted">Start writing to see how the post will look.</p>
        ) : (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown disables raw HTML and unsafe link schemes
          <div className={PROSE} dangerouslySetInnerHTML={{ __html: html }} />
        )}
      </section>
    </div>
  );
}
