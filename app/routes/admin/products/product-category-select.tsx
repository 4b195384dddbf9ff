import type { FieldMetadata } from "@conform-to/react";
import CheckNode from "lucide/dist/esm/icons/check.mjs";
import ChevronDownNode from "lucide/dist/esm/icons/chevron-down.mjs";
import XNode from "lucide/dist/esm/icons/x.mjs";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { FieldErrors } from "#app/components/form/field.tsx";
import { icon } from "#app/components/ui/icon.ts";
import type { CategoryRef } from "#domain/catalog.ts";
import { inputClass } from "./product-form-fields";

const Check = icon("check", CheckNode);
const ChevronDown = icon("chevron-down", ChevronDownNode);
const X = icon("x", XNode);

/** Category ids as the form field started (one posted id is one text, several a list). */
function idsFrom(initial: unknown): number[] {
  const list = Array.isArray(initial) ? initial : initial === undefined ? [] : [initial];
  return list.map(Number).filter((id) => Number.isInteger(id) && id > 0);
}

/**
 * Spec §2 "Categories": a searchable multi-select with removable chips, as an ARIA 1.2
 * combobox (the text box) with a multi-selectable listbox. Arrow keys move through the
 * list, Enter picks or unpicks, Escape closes it, Backspace in an empty box removes the
 * last chip. The list is capped at about 300 px (spec §9) and scrolls. A kit field: the
 * picked ids are inputs of the form, out of sight (what it posts, before the scripts run
 * too); Conform sees them come and go.
 */
export function ProductCategorySelect({
  field,
  label,
  categories,
}: {
  field: FieldMetadata<number[]>;
  label: string;
  categories: CategoryRef[];
}) {
  const [value, setValue] = useState(() => idsFrom(field.initialValue));
  const id = field.id;
  const error = field.errors?.[0];
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const optionPrefix = useId();
  const listId = `${id}-listbox`;
  const chipsId = `${id}-chips`;

  const needle = query.trim().toLowerCase();
  const filtered = needle ? categories.filter((c) => c.name.toLowerCase().includes(needle)) : categories;
  const selected = value.flatMap((categoryId) => categories.find((c) => c.id === categoryId) ?? []);
  const activeIndex = Math.min(active, filtered.length - 1);
  const activeOption = open && activeIndex >= 0 ? filtered[activeIndex] : undefined;
  const optionId = (categoryId: number) => `${optionPrefix}-option-${categoryId}`;

  function toggle(category: CategoryRef) {
    setValue(value.includes(category.id) ? value.filter((v) => v !== category.id) : [...value, category.id]);
  }

  function moveTo(index: number) {
    const next = Math.max(0, Math.min(index, filtered.length - 1));
    setActive(next);
    const option = filtered[next];
    if (option) document.getElementById(optionId(option.id))?.scrollIntoView({ block: "nearest" });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) setOpen(true);
        else moveTo(activeIndex + 1);
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!open) setOpen(true);
        else moveTo(activeIndex - 1);
        break;
      case "Home":
      case "End":
        if (!open) return;
        event.preventDefault();
        moveTo(event.key === "Home" ? 0 : filtered.length - 1);
        break;
      case "Enter":
        // Never submits the product form from here.
        event.preventDefault();
        if (!open) setOpen(true);
        else if (activeOption) toggle(activeOption);
        break;
      case "Escape":
        if (open) {
          event.preventDefault();
          setOpen(false);
        } else if (query) {
          event.preventDefault();
          setQuery("");
        }
        break;
      case "Backspace": {
        const last = value.at(-1);
        if (query === "" && last !== undefined) setValue(value.slice(0, -1));
        break;
      }
      case "Tab":
        setOpen(false);
        break;
    }
  }

  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-bold">
        {label}
      </label>
      {selected.length > 0 ? (
        <ul id={chipsId} aria-label={`Selected ${label.toLowerCase()}`} className="mt-2 flex flex-wrap gap-2">
          {selected.map((category) => (
            <li
              key={category.id}
              className="inline-flex items-center gap-1 rounded-full bg-primary-soft py-1 pr-1 pl-3 text-sm font-semibold text-primary-hover ring-1 ring-primary/30"
            >
              {category.name}
              <button
                type="button"
                onClick={() => {
                  toggle(category);
                  inputRef.current?.focus();
                }}
                aria-label={`Remove ${category.name}`}
                className="inline-flex size-7 items-center justify-center rounded-full hover:bg-primary/15"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="relative mt-2">
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          placeholder="Search categories..."
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? optionId(activeOption.id) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? field.errorId : undefined}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          // Options and the arrow button keep the focus here (mousedown is cancelled), so leaving means closing.
          onBlur={() => setOpen(false)}
          className={inputClass(Boolean(error), "pr-10")}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={open ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setOpen((o) => !o);
            inputRef.current?.focus();
          }}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-muted hover:text-ink"
        >
          <ChevronDown className={`size-5 transition-transform ${open ? "rotate-180" : ""}`} aria-hidden="true" />
        </button>
        <div
          hidden={!open}
          className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-lg border border-stone-200 bg-white shadow-lg"
        >
          {/* Kept in the page while closed, so aria-controls always points at it. */}
          <div
            id={listId}
            role="listbox"
            aria-label={label}
            aria-multiselectable="true"
            hidden={filtered.length === 0}
            className="max-h-[300px] overflow-y-auto py-1"
          >
            {filtered.map((category, index) => {
              const isSelected = value.includes(category.id);
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users pick with Enter in the combobox (aria-activedescendant)
                // biome-ignore lint/a11y/useFocusableInteractive: options are reached through the combobox's aria-activedescendant, not focused
                <div
                  key={category.id}
                  id={optionId(category.id)}
                  role="option"
                  aria-selected={isSelected}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(index)}
                  onClick={() => toggle(category)}
                  className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-base ${
                    index === activeIndex ? "bg-primary-soft" : ""
                  } ${isSelected ? "font-bold" : ""}`}
                >
                  <Check
                    className={`size-4 shrink-0 text-primary ${isSelected ? "" : "invisible"}`}
                    aria-hidden="true"
                  />
                  {category.name}
                </div>
              );
            })}
          </div>
          {filtered.length === 0 ? (
            <p role="status" className="px-3 py-3 text-sm text-muted">
              No category found.
            </p>
          ) : null}
        </div>
      </div>
      {value.map((categoryId) => (
        // What the form posts. Out of sight and out of the tab order, but focusable: when the
        // server refuses a category, the kit's focus on the first invalid field lands here and
        // passes to the search box, which shows the message.
        <input
          key={categoryId}
          type="text"
          name={field.name}
          value={categoryId}
          readOnly
          tabIndex={-1}
          aria-hidden="true"
          onFocus={() => inputRef.current?.focus()}
          className="sr-only"
        />
      ))}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
