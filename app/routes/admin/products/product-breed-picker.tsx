import type { FieldMetadata } from "@conform-to/react";
import CheckNode from "lucide/dist/esm/icons/check.mjs";
import DogNode from "lucide/dist/esm/icons/dog.mjs";
import { useState } from "react";
import { FieldErrors } from "#app/components/form/field.tsx";
import { icon } from "#app/components/ui/icon.ts";
import type { Breed } from "#domain/catalog.ts";
import { inputClass } from "./product-form-fields";

const Check = icon("check", CheckNode);
const Dog = icon("dog", DogNode);

export type BreedChoice = Pick<Breed, "id" | "name" | "size">;

/** A breed picked for a new product, with its optional note (as the form field holds it). */
interface BreedPick {
  breedId: number;
  note: string;
}

/** The picks the form field started with (after a form posted before the scripts ran, its picks). */
function picksFrom(initial: unknown): BreedPick[] {
  if (!Array.isArray(initial)) return [];
  return initial.flatMap((item: { breedId?: unknown; note?: unknown } | undefined) => {
    const breedId = Number(item?.breedId);
    if (!Number.isInteger(breedId) || breedId <= 0) return [];
    return [{ breedId, note: typeof item?.note === "string" ? item.note : "" }];
  });
}

const breedNoteId = (breedId: number) => `breed-note-${breedId}`;

/**
 * Create mode's 'Good for these Dog Breeds' (spec §2): a grid of breed tiles that toggle
 * (aria-pressed), each picked breed with an optional note. A kit field: each pick is a hidden
 * breed id and a note input of the form, numbered in the order they were picked, so the
 * picks are saved with the product.
 */
export function ProductBreedPicker({
  field,
  breeds,
}: {
  field: FieldMetadata<{ breedId: number; note?: string | null }[]>;
  breeds: BreedChoice[];
}) {
  const [picks, setPicks] = useState(() => picksFrom(field.initialValue));
  const order = new Map(picks.map((pick, index) => [pick.breedId, index]));
  const id = field.id;
  const error = field.errors?.[0];

  function toggle(breedId: number) {
    setPicks(order.has(breedId) ? picks.filter((p) => p.breedId !== breedId) : [...picks, { breedId, note: "" }]);
  }

  if (breeds.length === 0) return <p className="text-muted">There are no breeds to choose from yet.</p>;

  return (
    <div>
      <p id={`${id}-hint`} className="text-sm text-muted">
        Pick every breed this toy suits; a note for each is optional.{" "}
        <span aria-live="polite">{picks.length > 0 ? `${picks.length} selected.` : ""}</span>
      </p>
      <ul
        id={id}
        tabIndex={-1}
        aria-label="Dog breeds"
        aria-describedby={error ? field.errorId : undefined}
        className="mt-3 grid grid-cols-1 gap-3 outline-none min-[480px]:grid-cols-2 lg:grid-cols-3"
      >
        {breeds.map((breed) => {
          const index = order.get(breed.id);
          const picked = index !== undefined;
          const noteId = breedNoteId(breed.id);
          return (
            <li
              key={breed.id}
              className={`rounded-lg border-2 transition-colors ${
                picked ? "border-primary bg-primary-soft" : "border-stone-200 bg-white"
              }`}
            >
              <button
                type="button"
                aria-pressed={picked}
                onClick={() => toggle(breed.id)}
                className="flex w-full items-center gap-3 rounded-md p-3 text-left hover:bg-primary-soft"
              >
                <span
                  className={`flex size-8 shrink-0 items-center justify-center rounded-full ${
                    picked ? "bg-primary text-white" : "bg-stone-100 text-muted"
                  }`}
                >
                  {picked ? (
                    <Check className="size-5" aria-hidden="true" />
                  ) : (
                    <Dog className="size-5" aria-hidden="true" />
                  )}
                </span>
                <span className="min-w-0">
                  <span className="block font-bold">{breed.name}</span>
                  <span className="block text-xs text-muted capitalize">{breed.size}</span>
                </span>
              </button>
              {picked ? (
                <div className="px-3 pb-3">
                  <input type="hidden" name={`${field.name}[${index}].breedId`} value={breed.id} />
                  <label htmlFor={noteId} className="block text-sm font-semibold">
                    Note<span className="sr-only"> for {breed.name}</span>{" "}
                    <span className="font-normal text-muted">(optional)</span>
                  </label>
                  <input
                    id={noteId}
                    type="text"
                    autoComplete="off"
                    maxLength={300}
                    placeholder="Great for extreme chewers"
                    name={`${field.name}[${index}].note`}
                    // Typed notes live in the input; Conform reads them from the form.
                    defaultValue={picks[index]?.note}
                    className={inputClass(false, "mt-1 py-2")}
                  />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
