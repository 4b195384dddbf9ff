import LoaderCircleNode from "lucide/dist/esm/icons/loader-circle.mjs";
import SearchNode from "lucide/dist/esm/icons/search.mjs";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { icon } from "#app/components/ui/icon.ts";
import { getJson } from "#app/lib/api.ts";
import type { Toy } from "#domain/catalog.ts";

const LoaderCircle = icon("loader-circle", LoaderCircleNode);
const Search = icon("search", SearchNode);

/** What the editor needs of a toy it places or reviews. */
export type ToyChoice = Pick<Toy, "id" | "slug" | "name" | "price" | "imageUrl">;

const RESULTS = 8;
const NONE: readonly number[] = [];
const SEARCH_DELAY_MS = 200;

/**
 * A search box over the catalogue by name (GET /api/toys?search=), as an ARIA combobox: type,
 * move through the matches with the arrow keys, Enter or a click chooses one. Used by the
 * "Insert product" picker and the reviewed-toy field.
 */
export function ToySearch({
  label,
  onChoose,
  exclude = NONE,
  autoFocus = false,
}: {
  label: string;
  onChoose: (toy: ToyChoice) => void;
  /** toys already chosen, left out of the matches */
  exclude?: readonly number[];
  autoFocus?: boolean;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<ToyChoice[]>([]);
  const [active, setActive] = useState(0);
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");
  const latest = useRef(0);
  // compared by value: a caller's fresh array on every render must not search again
  const excluded = exclude.join(",");

  useEffect(() => {
    const text = query.trim();
    if (text === "") {
      latest.current += 1;
      setResults((current) => (current.length === 0 ? current : []));
      setState("idle");
      return;
    }
    const skip = excluded === "" ? [] : excluded.split(",").map(Number);
    const call = ++latest.current;
    setState("loading");
    const timer = setTimeout(async () => {
      try {
        const params = new URLSearchParams({ search: text, page: "1", pageSize: String(RESULTS + skip.length) });
        const toys = await getJson<Toy[]>(`/api/toys?${params}`);
        if (call !== latest.current) return;
        setResults(toys.filter((toy) => !skip.includes(toy.id)).slice(0, RESULTS));
        setActive(0);
        setState("idle");
      } catch {
        if (call === latest.current) setState("failed");
      }
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, excluded]);

  function choose(toy: ToyChoice | undefined) {
    if (!toy) return;
    onChoose(toy);
    setQuery("");
    setResults([]);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (results.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + results.length) % results.length);
    } else if (event.key === "Enter") {
      // Enter chooses the highlighted toy; it must never submit the post form around it
      event.preventDefault();
      choose(results[active]);
    } else if (event.key === "Escape" && query !== "") {
      event.preventDefault();
      setQuery("");
    }
  }

  const open = results.length > 0;
  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className="block text-sm font-bold">
        {label}
      </label>
      <div className="relative mt-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open ? `${id}-option-${active}` : undefined}
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the picker dialog opens to search; its first field is the search
          autoFocus={autoFocus}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Search toys by name..."
          className="block w-full rounded-lg border border-stone-300 bg-white py-2.5 pr-10 pl-10 text-base shadow-sm focus:border-primary focus:outline-2 focus:outline-primary"
        />
        {state === "loading" ? (
          <LoaderCircle
            className="absolute top-1/2 right-3 size-5 -translate-y-1/2 animate-spin text-muted"
            aria-hidden="true"
          />
        ) : null}
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label={`${label}: matches`}
        className={`mt-1 max-h-72 overflow-y-auto rounded-lg border border-stone-200 bg-white shadow-lg ${open ? "" : "hidden"}`}
      >
        {results.map((toy, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys (aria-activedescendant)
          <div
            key={toy.id}
            id={`${id}-option-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(toy)}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${index === active ? "bg-primary-soft" : ""}`}
          >
            {toy.imageUrl ? (
              <img src={toy.imageUrl} alt="" width={40} height={30} className="h-8 w-10 rounded object-cover" />
            ) : (
              <span className="h-8 w-10 rounded bg-stone-100" />
            )}
            <span className="min-w-0 flex-1 truncate font-semibold">{toy.name}</span>
            <span className="shrink-0 text-sm text-muted">{toy.price}</span>
          </div>
        ))}
      </div>
      <p role="status" className="mt-1 min-h-5 text-sm text-muted">
        {state === "failed"
          ? "The toys could not be searched. Please try again."
          : query.trim() !== "" && state === "idle" && results.length === 0
            ? "No toy matches that name."
            : open
              ? `${results.length} ${results.length === 1 ? "match" : "matches"}: use the arrow keys and Enter to choose.`
              : ""}
      </p>
    </div>
  );
}
