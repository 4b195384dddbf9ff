import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";

export interface TabItem<V extends string> {
  value: V;
  label: string;
  /** Where the tab leads without JavaScript (the same view, server-rendered). */
  href: string;
}

/**
 * WAI-ARIA tabs (automatic activation) over links: before the scripts run, a tab is a plain
 * link to its server-rendered view, so a click on a slow phone is never lost; afterwards it
 * selects in place. Only the selected panel is rendered. Owned instead of Radix's: Radix Tabs
 * cost /resources about 5 KB of gzipped JavaScript, past the 130 KB budget.
 */
export function Tabs<V extends string>({
  items,
  value,
  onSelect,
  label,
  listClassName,
  tabClassName,
  panelClassName,
  children,
}: {
  items: readonly TabItem<V>[];
  value: V;
  onSelect: (value: V) => void;
  /** the tab list's accessible name */
  label: string;
  listClassName?: string;
  tabClassName?: string;
  panelClassName?: string;
  /** the selected tab's panel */
  children: ReactNode;
}) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (item: V) => `${id}-tab-${item}`;
  const panelId = `${id}-panel`;

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>) {
    const index = items.findIndex((item) => item.value === value);
    const last = items.length - 1;
    const next =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const target = items[next];
    if (!target) return;
    onSelect(target.value);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(target.value))}`)?.focus();
  }

  return (
    <div>
      <div ref={list} role="tablist" aria-label={label} className={listClassName}>
        {items.map((item) => {
          const selected = item.value === value;
          return (
            <a
              key={item.value}
              id={tabId(item.value)}
              href={item.href}
              role="tab"
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              data-state={selected ? "active" : "inactive"}
              className={tabClassName}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                onSelect(item.value);
              }}
              onKeyDown={onKeyDown}
            >
              {item.label}
            </a>
          );
        })}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(value)} className={panelClassName}>
        {children}
      </div>
    </div>
  );
}
