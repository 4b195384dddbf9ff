// Button looks shared by <button>, <Link> and <a>: one place for sizes and colours. The disabled
// look is the stylesheet's `.btn:disabled` (app.css), one short class rather than two variants
// repeated on every card's link: /products holds its HTML budget (tests/e2e/budgets.spec.ts).
const BASE = "btn inline-flex items-center justify-center gap-2 rounded-lg font-bold transition-colors";

const VARIANTS = {
  primary: "bg-primary text-white hover:bg-primary-hover",
  outline: "border-2 border-primary text-primary hover:bg-primary-soft",
  secondary: "bg-white text-ink border border-stone-300 hover:border-primary hover:text-primary",
  ghost: "text-ink hover:bg-stone-100",
} as const;

const SIZES = {
  sm: "px-3 py-2 text-sm",
  md: "px-5 py-2.5 text-base",
  lg: "px-6 py-3 text-lg",
} as const;

export function buttonClass(variant: keyof typeof VARIANTS = "primary", size: keyof typeof SIZES = "md", extra = "") {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]} ${extra}`.trim();
}
