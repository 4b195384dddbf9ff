import PawPrintNode from "lucide/dist/esm/icons/paw-print.mjs";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { getJson } from "#app/lib/api.ts";
import { dismissToast, type ToastInput, toast } from "#app/lib/toast.ts";
import type { BreedRecommendations, NamedOption } from "#domain/catalog.ts";
import { SmartImage } from "./smart-image";
import { ToyCard } from "./toy-card";
import { buttonClass } from "./ui/button";
import { icon } from "./ui/icon";

const PawPrint = icon("paw-print", PawPrintNode);

export const SCROLL_DELAY_MS = 100;

/**
 * Pick a breed, then see the toys recommended for it (fetched only on submit), in place with the
 * spec's states (toast, busy button) once the scripts run. Before they run, or without them, the
 * form is a plain GET to /breeds, where `?breed={id}` opens that breed's page: the choice works
 * either way, and the select is never locked.
 */
export function BreedSearch({ breeds }: { breeds: NamedOption[] }) {
  const [loading, setLoading] = useState(false);
  const [result, setResult] = useState<BreedRecommendations | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  // The error toast this search raised last: a later search that succeeds takes it away.
  const errorToast = useRef<number | null>(null);

  function showError(input: ToastInput) {
    if (errorToast.current !== null) dismissToast(errorToast.current);
    errorToast.current = toast(input);
  }

  // Bring the result into view shortly after it renders.
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => {
      resultRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
      resultRef.current?.focus({ preventScroll: true });
    }, SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [result]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = new FormData(event.currentTarget).get("breed");
    const breedId = typeof chosen === "string" && chosen !== "" ? Number(chosen) : null;
    if (breedId === null) {
      showError({
        title: "Please select a breed",
        description: "You need to select a dog breed to get recommendations",
        variant: "destructive",
      });
      return;
    }
    setLoading(true);
    try {
      setResult(await getJson<BreedRecommendations>(`/api/recommendations/${breedId}`));
      if (errorToast.current !== null) dismissToast(errorToast.current);
      errorToast.current = null;
    } catch {
      showError({
        title: "Error",
        description: "Failed to fetch recommendations. Please try again.",
        variant: "destructive",
      });
    } finally {
      setLoading(false);
    }
  }

  return (
    <div>
      <form
        method="get"
        action="/breeds"
        onSubmit={onSubmit}
        className="mx-auto flex max-w-2xl flex-col gap-3 sm:flex-row sm:items-end"
      >
        <div className="flex-1">
          <label htmlFor="breed-select" className="mb-1 block font-semibold">
            Your dog's breed
          </label>
          <select
            id="breed-select"
            name="breed"
            defaultValue=""
            className="h-12 w-full rounded-lg border border-stone-300 bg-white px-3 text-base"
          >
            <option value="">Select a breed</option>
            {breeds.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={loading} aria-busy={loading} className={buttonClass("primary", "lg", "h-12")}>
          {loading ? "Searching..." : "Find Toys"}
        </button>
      </form>

      {result ? (
        <div
          ref={resultRef}
          tabIndex={-1}
          className="mt-10 scroll-mt-24 rounded-2xl border border-stone-200 bg-white p-6 outline-none sm:p-8"
          data-testid="breed-results"
        >
          <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
            {result.breed.imageUrl ? (
              <SmartImage
                src={result.breed.imageUrl}
                alt={result.breed.imageAlt || result.breed.name}
                width={800}
                height={600}
                sizes="(min-width: 640px) 176px, 100vw"
                className="h-32 w-full rounded-xl bg-stone-100 object-cover sm:w-44"
              />
            ) : (
              <div
                className="flex h-32 w-full items-center justify-center rounded-xl bg-primary-soft sm:w-44"
                data-testid="breed-icon"
              >
                <PawPrint className="size-16 text-primary" aria-hidden="true" />
              </div>
            )}
            <div>
              <h3 className="text-2xl font-extrabold">
                <Link to={`/breeds/${result.breed.slug}`} className="hover:text-primary hover:underline">
                  {result.breed.name}
                </Link>
              </h3>
              <p className="mt-2 text-muted">{result.breed.description}</p>
            </div>
          </div>
          {result.recommendations.length > 0 ? (
            <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {result.recommendations.map((rec) => (
                <ToyCard key={rec.toyId} toy={rec.toy} note={rec.note} headingLevel="h3" placement="breed-search" />
              ))}
            </div>
          ) : (
            <div className="mt-8 rounded-xl bg-stone-50 p-8 text-center">
              <p className="text-lg font-bold">No recommendations found yet</p>
              <p className="mt-2 text-muted">
                We're working on adding toy recommendations for this breed. Check back soon!
              </p>
            </div>
          )}
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {result.recommendations.length > 0 ? (
              <Link to={`/breeds/${result.breed.slug}`} className={buttonClass("primary", "md")}>
                {`Best toys for ${result.breed.name}`}
              </Link>
            ) : null}
            {/* a breed without recommendations would open an empty catalogue: all products instead */}
            <Link
              to={result.recommendations.length > 0 ? `/products?breed=${result.breed.id}` : "/products"}
              className={buttonClass("outline", "md")}
            >
              Browse All Products
            </Link>
          </div>
        </div>
      ) : null}
    </div>
  );
}
