import { createElement, type SVGProps } from "react";

// The site's icons: Lucide's drawings (the `lucide` package's icon data, one module per icon, so
// a page carries only the icons it shows) drawn by this one small component. lucide-react's
// runtime (aliases, a context provider, attribute mapping) cost 1.6 KB gzipped on every page for
// features we do not use, on pages within 1 KB of their 130 KB budget. Markup and classes stay
// Lucide's: `lucide lucide-{name}`.

export type IconNode = readonly (readonly [string, Record<string, string | number | undefined>])[];

export type IconProps = Omit<SVGProps<SVGSVGElement>, "ref"> & { size?: number | string };

/** An icon component, as cards and panels take one in their props. */
export type Icon = (props: IconProps) => ReturnType<typeof createElement>;

/** A component drawing one Lucide icon (24 × 24, in the current text colour). */
export function icon(name: string, node: IconNode): Icon {
  // biome-ignore lint/correctness/noComponentHookFactories: each icon module calls this once, at module scope, so every render sees the same component
  return function LucideIcon({ size = 24, className, strokeWidth = 2, ...props }: IconProps) {
    return createElement(
      "svg",
      {
        xmlns: "http://www.w3.org/2000/svg",
        width: size,
        height: size,
        viewBox: "0 0 24 24",
        fill: "none",
        stroke: "currentColor",
        strokeWidth,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: className ? `lucide lucide-${name} ${className}` : `lucide lucide-${name}`,
        // decoration unless it is given a name: the text beside an icon says what it means
        "aria-hidden": props["aria-label"] ? undefined : "true",
        ...props,
      },
      node.map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs })),
    );
  };
}

/** The icons drawn by the stylesheet (`.icon-{name}` in app.css). */
export type MaskIconName = "external-link" | "award";

/**
 * An icon a list repeats on every card (the shop link's arrow, the Top Pick badge): an empty
 * element the stylesheet paints with the icon's shape as a mask, in the current text colour.
 * The drawing is in the cached stylesheet once instead of in the HTML once per card (issue 20).
 */
export function maskIcon(name: MaskIconName): (props: { className?: string }) => ReturnType<typeof createElement> {
  // biome-ignore lint/correctness/noComponentHookFactories: called once per icon at module scope
  return function MaskIcon({ className }: { className?: string }) {
    return createElement("i", {
      "aria-hidden": "true",
      className: className ? `icon icon-${name} ${className}` : `icon icon-${name}`,
    });
  };
}
