import TriangleAlertNode from "lucide/dist/esm/icons/triangle-alert.mjs";
import { icon } from "#app/components/ui/icon.ts";
import type { NewsletterPreview as Preview } from "#domain/newsletters.ts";

const TriangleAlert = icon("triangle-alert", TriangleAlertNode);

/**
 * The e-mail as subscribers will get it: the HTML part in a sandboxed frame (no scripts, its own
 * styles, like a mail program), the text part below, the product tokens that keep it from being
 * sent, and the images it leaves out.
 */
export function NewsletterPreview({ preview }: { preview: Preview }) {
  return (
    <div className="grid gap-4">
      {preview.warnings.length > 0 ? (
        <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="flex items-center gap-2 font-bold">
            <TriangleAlert className="size-4" aria-hidden="true" />
            Left out of the e-mail, and sending is refused until they are fixed:
          </p>
          <ul className="mt-2 list-disc pl-6">
            {preview.warnings.map((warning) => (
              <li key={warning.token} className="break-words">
                <code className="font-mono">{warning.token}</code>: {warning.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {preview.leftOutImages.length > 0 ? (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-bold">Images left out of the e-mail:</p>
          <ul className="mt-2 list-disc pl-6">
            {preview.leftOutImages.map((image) => (
              <li key={image.src} className="break-words">
                <code className="font-mono">{image.src}</code>: {image.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="text-sm">
        <span className="font-bold">Subject:</span> <span className="break-words">{preview.subject}</span>
      </p>
      <p className="text-sm">
        <span className="font-bold">Preview text:</span>{" "}
        <span className="break-words" data-testid="preheader">
          {preview.preheader || "(none: the e-mail has no text to show)"}
        </span>
      </p>
      <iframe
        title="E-mail preview (HTML part)"
        sandbox=""
        srcDoc={preview.html}
        className="h-[36rem] w-full rounded-lg border border-stone-200 bg-white"
      />
      <details className="rounded-lg border border-stone-200 p-3">
        <summary className="cursor-pointer font-bold">Plain text part</summary>
        <pre
          className="mt-3 max-h-[36rem] overflow-auto text-sm break-words whitespace-pre-wrap"
          data-testid="text-part"
        >
          {preview.text}
        </pre>
      </details>
    </div>
  );
}
