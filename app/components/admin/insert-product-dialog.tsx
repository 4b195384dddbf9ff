import PackagePlusNode from "lucide/dist/esm/icons/package-plus.mjs";
import XNode from "lucide/dist/esm/icons/x.mjs";
import { useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { COMPARE_MAX, COMPARE_MIN } from "#domain/product-boxes.ts";
import { type ToyChoice, ToySearch } from "./toy-search";

const PackagePlus = icon("package-plus", PackagePlusNode);
const X = icon("x", XNode);

/** The token line for a buy box or a comparison table, as the post body writes it. */
export function productToken(kind: "toy" | "compare", toys: readonly Pick<ToyChoice, "slug">[]): string {
  return kind === "toy" ? `[[toy:${toys[0]?.slug ?? ""}]]` : `[[compare:${toys.map((toy) => toy.slug).join(",")}]]`;
}

/**
 * "Insert product": picks one toy for a buy box, or 2 to 6 for a comparison table, and hands
 * the token line back to be placed at the caret. A native <dialog>: focus stays inside, Escape
 * closes, and focus returns to the button that opened it.
 */
export function InsertProductDialog({
  open,
  onInsert,
  onClose,
}: {
  open: boolean;
  onInsert: (token: string) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [kind, setKind] = useState<"toy" | "compare">("toy");
  const [chosen, setChosen] = useState<ToyChoice[]>([]);
  const latestClose = useRef(onClose);
  latestClose.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setChosen([]);
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    const onCancel = (event: Event) => {
      event.preventDefault();
      latestClose.current();
    };
    dialog?.addEventListener("cancel", onCancel);
    return () => dialog?.removeEventListener("cancel", onCancel);
  }, []);

  const needed = kind === "toy" ? 1 : COMPARE_MIN;
  const room = kind === "toy" ? 1 : COMPARE_MAX;
  const ready = chosen.length >= needed && chosen.length <= room;

  function choose(toy: ToyChoice) {
    setChosen((current) => (kind === "toy" ? [toy] : current.length >= room ? current : [...current, toy]));
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-2xl p-0 shadow-xl backdrop:bg-stone-900/50"
    >
      <div className="flex items-start justify-between gap-4 border-b border-stone-200 p-5">
        <h2 id={titleId} className="text-xl font-extrabold">
          Insert product
        </h2>
        <button type="button" onClick={onClose} className={buttonClass("ghost", "sm")} aria-label="Close">
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      <div className="grid gap-5 p-5">
        <fieldset>
          <legend className="text-sm font-bold">What to insert</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {(
              [
                ["toy", "Buy box (one toy)"],
                ["compare", `Comparison table (${COMPARE_MIN} to ${COMPARE_MAX} toys)`],
              ] as const
            ).map(([value, text]) => (
              <label key={value} className="inline-flex items-center gap-2">
                <input
                  type="radio"
                  name="insert-kind"
                  value={value}
                  checked={kind === value}
                  onChange={() => {
                    setKind(value);
                    setChosen((current) => (value === "toy" ? current.slice(0, 1) : current));
                  }}
                  className="size-4 accent-primary"
                />
                {text}
              </label>
            ))}
          </div>
        </fieldset>
        <ToySearch label="Find a toy" onChoose={choose} exclude={chosen.map((toy) => toy.id)} autoFocus />
        <div>
          <h3 className="text-sm font-bold">{kind === "toy" ? "Toy" : `Toys (${chosen.length} of ${room})`}</h3>
          {chosen.length === 0 ? (
            <p className="mt-1 text-sm text-muted">Nothing chosen yet.</p>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label="Chosen toys">
              {chosen.map((toy) => (
                <li
                  key={toy.id}
                  className="inline-flex items-center gap-1 rounded-full bg-primary-soft py-1 pr-1 pl-3 text-sm font-semibold"
                >
                  {toy.name}
                  <button
                    type="button"
                    onClick={() => setChosen((current) => current.filter((t) => t.id !== toy.id))}
                    className="rounded-full p-1 hover:bg-white"
                    aria-label={`Remove ${toy.name}`}
                  >
                    <X className="size-4" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div className="flex flex-col-reverse gap-3 border-t border-stone-200 p-5 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className={buttonClass("secondary", "md")}>
          Cancel
        </button>
        <button
          type="button"
          disabled={!ready}
          onClick={() => onInsert(productToken(kind, chosen))}
          className={buttonClass("primary", "md")}
        >
          <PackagePlus className="size-5" aria-hidden="true" />
          {kind === "toy" ? "Insert buy box" : "Insert comparison table"}
        </button>
      </div>
    </dialog>
  );
}
