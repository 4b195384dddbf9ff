import LoaderCircleNode from "lucide/dist/esm/icons/loader-circle.mjs";
import PlusNode from "lucide/dist/esm/icons/plus.mjs";
import Trash2Node from "lucide/dist/esm/icons/trash.mjs";
import { type FormEvent, useState } from "react";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { ApiError, callApi, getJson } from "#app/lib/api.ts";
import { toast } from "#app/lib/toast.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { NamedOption } from "#domain/catalog.ts";
import type { BreedChoice } from "./product-breed-picker";
import { inputClass } from "./product-form-fields";

const LoaderCircle = icon("loader-circle", LoaderCircleNode);
const Plus = icon("plus", PlusNode);
const Trash2 = icon("trash", Trash2Node);

/** One breed recommendation of a product, as GET /api/toys/{id}/breed-recommendations answers. */
export interface BreedLink {
  id: number;
  breedId: number;
  toyId: number;
  note: string | null;
  breed: NamedOption;
}

const ALREADY_RECOMMENDED = {
  title: "Already recommended",
  description: "This breed already has a recommendation for this product",
} as const;

/**
 * Edit mode's 'Good for these Dog Breeds' (spec §2, §4): the product's current breed
 * recommendations with Remove, and a form to add one. Both take effect at once
 * (POST/DELETE /api/breed-recommendations), then the list is read again.
 */
export function ProductBreedRecommendations({
  toyId,
  breeds,
  initialLinks,
}: {
  toyId: number;
  breeds: BreedChoice[];
  initialLinks: BreedLink[];
}) {
  const hydrated = useHydrated();
  const [links, setLinks] = useState(initialLinks);
  const [breedId, setBreedId] = useState("");
  const [note, setNote] = useState("");
  const [adding, setAdding] = useState(false);
  const [removingId, setRemovingId] = useState<number | null>(null);

  const recommended = new Set(links.map((link) => link.breedId));
  const available = breeds.filter((breed) => !recommended.has(breed.id));

  async function refresh() {
    try {
      setLinks(await getJson<BreedLink[]>(`/api/toys/${toyId}/breed-recommendations`));
    } catch (error) {
      console.error(`GET /api/toys/${toyId}/breed-recommendations failed`, error);
    }
  }

  async function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (adding || breedId === "") return;
    const chosen = Number(breedId);
    if (recommended.has(chosen)) {
      toast({ ...ALREADY_RECOMMENDED, variant: "destructive" });
      return;
    }
    setAdding(true);
    try {
      await callApi("POST", "/api/breed-recommendations", {
        json: { breedId: chosen, toyId, note: note.trim() || null },
      });
      toast({
        title: "Breed recommendation added",
        description: "This product is now recommended for the selected breed",
      });
      setBreedId("");
      setNote("");
    } catch (error) {
      console.error("POST /api/breed-recommendations failed", error);
      if (error instanceof ApiError && error.status === 409) {
        toast({ ...ALREADY_RECOMMENDED, variant: "destructive" });
      } else {
        toast({ title: "Error", description: "Failed to add breed recommendation.", variant: "destructive" });
      }
    }
    await refresh();
    setAdding(false);
  }

  async function onRemove(link: BreedLink) {
    if (removingId !== null) return;
    setRemovingId(link.id);
    try {
      await callApi("DELETE", `/api/breed-recommendations/${link.id}`);
      toast({ title: "Breed recommendation removed", description: "The breed recommendation has been removed" });
    } catch (error) {
      console.error(`DELETE /api/breed-recommendations/${link.id} failed`, error);
      toast({ title: "Error", description: "Failed to remove breed recommendation.", variant: "destructive" });
    }
    await refresh();
    setRemovingId(null);
  }

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <div>
        <h3 id="current-recommendations-heading" className="text-lg font-extrabold">
          Current Recommendations
        </h3>
        {links.length === 0 ? (
          <p className="mt-3 text-muted">No breed recommendations yet.</p>
        ) : (
          <ul aria-labelledby="current-recommendations-heading" className="mt-3 grid gap-2">
            {links.map((link) => (
              <li
                key={link.id}
                className="flex items-start justify-between gap-3 rounded-lg border border-stone-200 bg-stone-50 p-3"
              >
                <div className="min-w-0">
                  <p className="font-bold">{link.breed.name}</p>
                  <p className="text-sm break-words text-muted">{link.note || "No note"}</p>
                </div>
                <button
                  type="button"
                  onClick={() => onRemove(link)}
                  disabled={!hydrated || removingId !== null}
                  aria-busy={removingId === link.id || undefined}
                  className={buttonClass(
                    "secondary",
                    "sm",
                    "shrink-0 text-red-700 hover:border-red-700 hover:text-red-800",
                  )}
                >
                  {removingId === link.id ? (
                    <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
                  ) : (
                    <Trash2 className="size-4" aria-hidden="true" />
                  )}
                  Remove<span className="sr-only"> {link.breed.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <form onSubmit={onAdd} aria-labelledby="add-recommendation-heading">
        <h3 id="add-recommendation-heading" className="text-lg font-extrabold">
          Add New Recommendation
        </h3>
        <p className="mt-1 text-sm text-muted">Saved as soon as you add it; the product form does not need saving.</p>
        <div className="mt-3 grid gap-4">
          <div>
            <label htmlFor="recommendation-breed" className="block text-sm font-bold">
              Select Breed
            </label>
            <select
              id="recommendation-breed"
              value={breedId}
              onChange={(event) => setBreedId(event.target.value)}
              disabled={!hydrated || adding}
              aria-describedby={available.length === 0 ? "recommendation-breed-hint" : undefined}
              className={inputClass(false, "mt-1")}
            >
              <option value="">Choose a breed</option>
              {available.map((breed) => (
                <option key={breed.id} value={breed.id}>
                  {breed.name}
                </option>
              ))}
            </select>
            {available.length === 0 ? (
              <p id="recommendation-breed-hint" className="mt-1 text-sm text-muted">
                Every breed already has a recommendation for this product.
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="recommendation-note" className="block text-sm font-bold">
              Note <span className="font-normal text-muted">(optional)</span>
            </label>
            <input
              id="recommendation-note"
              type="text"
              autoComplete="off"
              maxLength={300}
              placeholder="Great for extreme chewers"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              disabled={!hydrated || adding}
              className={inputClass(false, "mt-1")}
            />
          </div>
          <div>
            <button
              type="submit"
              disabled={!hydrated || adding || breedId === ""}
              aria-busy={adding || undefined}
              className={buttonClass("primary", "md")}
            >
              {adding ? (
                <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
              ) : (
                <Plus className="size-5" aria-hidden="true" />
              )}
              Add
            </button>
          </div>
        </div>
      </form>
    </div>
  );
}
