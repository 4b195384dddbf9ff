import LoaderCircleNode from "lucide/dist/esm/icons/loader-circle.mjs";
import XNode from "lucide/dist/esm/icons/x.mjs";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { PRODUCT_BULK_ACTIONS, type ProductBulkAction } from "#domain/product-list.ts";
import { BULK_FORM_ID } from "./product-table";

const LoaderCircle = icon("loader-circle", LoaderCircleNode);
const X = icon("x", XNode);

/**
 * What can be done to the chosen products at once. Its buttons submit the bulk form with the
 * ticked rows (so they work before the scripts run); with the scripts, `onAction` takes over (a
 * delete asks first). Always on screen, so the table never jumps when a row is ticked.
 */
export function ProductBulkBar({
  count,
  busy,
  onAction,
  onClear,
}: {
  count: number;
  busy: boolean;
  onAction: (action: ProductBulkAction) => void;
  onClear: () => void;
}) {
  const hydrated = useHydrated();
  const status = !hydrated
    ? "With the ticked products:"
    : count === 0
      ? "Tick products to change several at once"
      : count === 1
        ? "1 product selected"
        : `${count} products selected`;
  return (
    <section
      aria-label="Bulk actions"
      className="flex flex-col gap-3 border-b border-stone-200 bg-primary-soft/40 p-4 sm:flex-row sm:flex-wrap sm:items-center sm:px-6"
    >
      <p className="text-sm font-bold" aria-live="polite">
        {status}
      </p>
      <div className="flex flex-wrap gap-2">
        {PRODUCT_BULK_ACTIONS.map((action) => (
          <button
            key={action.value}
            type="submit"
            form={BULK_FORM_ID}
            name="action"
            value={action.value}
            disabled={hydrated && (busy || count === 0)}
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              onAction(action.value);
            }}
            className={buttonClass(
              "secondary",
              "sm",
              action.value === "delete" ? "text-red-700 hover:border-red-700 hover:text-red-800" : "",
            )}
          >
            {busy ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
            {action.label}
          </button>
        ))}
        {hydrated && count > 0 ? (
          <button type="button" onClick={onClear} disabled={busy} className={buttonClass("ghost", "sm")}>
            <X className="size-4" aria-hidden="true" />
            Clear selection
          </button>
        ) : null}
      </div>
    </section>
  );
}
