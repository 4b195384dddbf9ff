import SearchNode from "lucide/dist/esm/icons/search.mjs";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { getJson } from "#app/lib/api.ts";
import { normaliseQuery, type SearchApiAnswer } from "#domain/search.ts";
import { countOf } from "#domain/text.ts";
import { icon } from "./ui/icon";

const SearchIcon = icon("search", SearchNode);

/** how long typing must pause before the box asks (ms) */
export const SEARCH_DEBOUNCE_MS = 250;
/** instant results shown under the box; "See all results" opens the rest */
const INSTANT_RESULTS = 6;

interface Option {
  title: string;
  url: string;
  label: string;
}

/**
 * The header's search box. Without scripts (or before they run) it is a plain GET form to
 * /search. Once they run, it also shows instant results as the visitor types: a combobox with
 * a listbox (arrow keys move, Enter opens, Escape closes) and the count announced politely.
 * Keystrokes are not counted as searches; the /search page a visitor lands on is.
 */
export function SiteSearch({ className = "", inputClassName = "" }: { className?: string; inputClassName?: string }) {
  const id = useId();
  const listId = `${id}-results`;
  const navigate = useNavigate();
  const location = useLocation();
  const [query, setQuery] = useState("");
  const [answer, setAnswer] = useState<SearchApiAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const wanted = normaliseQuery(query);

  useEffect(() => {
    if (wanted.length < 2) {
      setAnswer(null);
      setFailed(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const found = await getJson<SearchApiAnswer>(`/api/search?${new URLSearchParams({ q: wanted })}`, {
          signal: controller.signal,
        });
        setAnswer(found);
        setFailed(false);
        setActive(-1);
        setOpen(true);
      } catch {
        if (controller.signal.aborted) return;
        setAnswer(null);
        setFailed(true);
        setOpen(true);
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wanted]);

  // a followed result (or any navigation) closes the list
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => {
    setOpen(false);
    setActive(-1);
  }, [location.pathname, location.search]);

  const options: Option[] = answer
    ? [
        ...answer.results.slice(0, INSTANT_RESULTS),
        ...(answer.total > 0
          ? [
              {
                title: `See all ${countOf(answer.total, "result")}`,
                url: `/search?${new URLSearchParams({ q: wanted })}`,
                label: "",
              },
            ]
          : []),
      ]
    : [];
  const shown = open && wanted.length >= 2 && (answer !== null || failed);
  const announcement = !shown
    ? ""
    : failed
      ? "Search results could not be loaded"
      : answer && answer.total > 0
        ? `${countOf(answer.total, "result")} for ${answer.query}`
        : "No results";

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Escape") {
      if (shown) event.preventDefault();
      setOpen(false);
      setActive(-1);
      return;
    }
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const last = options.length - 1;
      if (event.key === "ArrowDown") setActive((current) => (current >= last ? 0 : current + 1));
      else setActive((current) => (current <= 0 ? last : current - 1));
      return;
    }
    if (event.key === "Enter" && shown && active >= 0 && options[active]) {
      event.preventDefault();
      navigate(options[active].url);
    }
  }

  const activeOption = shown && active >= 0 && active < options.length ? active : -1;

  return (
    <form method="get" action="/search" className={`relative ${className}`}>
      <label htmlFor={`${id}-q`} className="sr-only">
        Search
      </label>
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
        aria-hidden="true"
      />
      <input
        id={`${id}-q`}
        // text, not search: HTML allows a combobox role on a text input only (Nu checker)
        type="text"
        enterKeyHint="search"
        name="q"
        value={query}
        maxLength={200}
        autoComplete="off"
        placeholder="Search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={activeOption >= 0 ? `${id}-option-${activeOption}` : undefined}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          // a click on an option lands before the list closes
          setTimeout(() => setOpen(false), 150);
        }}
        className={`h-10 w-full rounded-lg border border-stone-300 bg-white pr-3 pl-9 text-base ${inputClassName}`}
      />
      <div
        className={`absolute top-full right-0 z-50 mt-1 w-full min-w-72 rounded-lg border border-stone-200 bg-white py-1 shadow-lg ${shown ? "" : "hidden"}`}
      >
        <div id={listId} role="listbox" aria-label="Search results" className="max-h-[70vh] overflow-y-auto">
          {options.map((option, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys (aria-activedescendant)
            <div
              key={option.url}
              id={`${id}-option-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === activeOption}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => navigate(option.url)}
              className={`cursor-pointer px-3 py-2 ${i === activeOption ? "bg-primary-soft" : "hover:bg-stone-50"}`}
            >
              {option.label ? (
                <span className="block text-xs font-bold tracking-wide text-primary uppercase">{option.label}</span>
              ) : null}
              <span className={`block ${option.label ? "font-semibold" : "text-sm font-bold text-primary"}`}>
                {option.title}
              </span>
            </div>
          ))}
        </div>
        {failed ? (
          <p className="px-3 py-2 text-sm text-muted">Search results could not be loaded.</p>
        ) : options.length === 0 ? (
          <p className="px-3 py-2 text-sm text-muted">{`Nothing found for “${answer?.query ?? wanted}”`}</p>
        ) : null}
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </form>
  );
}
