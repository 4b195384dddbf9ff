import { Check, Dog } from "lucide-react";
import type { Breed } from "#domain/catalog.ts";
import { FieldError, inputClass } from "./product-form-fields";

export type BreedChoice = Pick<Breed, "id" | "name" | "size">;

/** A breed picked for a new product, with its optional note. */
export interface BreedNote {
  breedId: number;
  note: string;
}

const breedNoteId = (breedId: number) => `breed-note-${breedId}`;

/**
 * Create mode's 'Good for these Dog Breeds' (spec §2): a grid of breed tiles that toggle
 * (aria-pressed), each picked breed with an optional note. Saved with the product.
 */
export function ProductBreedPicker({
  id,
  breeds,
  value,
  onChange,
  error,
}: {
  id: string;
  breeds: BreedChoice[];
  value: BreedNote[];
  onChange: (value: BreedNote[]) => void;
  error?: string;
}) {
  const notes = new Map(value.map((choice) => [choice.breedId, choice.note]));

  function toggle(breedId: number) {
    onChange(notes.has(breedId) ? value.filter((c) => c.breedId !== breedId) : [...value, { breedId, note: "" }]);
  }

  function setNote(breedId: number, note: string) {
    onChange(value.map((c) => (c.breedId === breedId ? { ...c, note } : c)));
  }

  if (breeds.length === 0) return <p className="text-muted">There are no breeds to choose from yet.</p>;

  return (
    <div>
      <p id={`${id}-hint`} className="text-sm text-muted">
        Pick every breed this toy suits; a note for each is optional.{" "}
        <span aria-live="polite">{value.length > 0 ? `${value.length} selected.` : ""}</span>
      </p>
      <ul
        id={id}
        tabIndex={-1}
        aria-label="Dog breeds"
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-3 grid grid-cols-1 gap-3 outline-none min-[480px]:grid-cols-2 lg:grid-cols-3"
      >
        {breeds.map((breed) => {
          const picked = notes.has(breed.id);
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
                    value={notes.get(breed.id) ?? ""}
                    onChange={(event) => setNote(breed.id, event.target.value)}
                    className={inputClass(false, "mt-1 py-2")}
                  />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
