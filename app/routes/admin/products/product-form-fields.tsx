/** Input look shared by the product page's own controls (the category search, breed notes, the live breed editor); red border when invalid. */
export function inputClass(invalid: boolean, extra = ""): string {
  return `block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-ink shadow-sm placeholder:text-stone-500 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary disabled:bg-stone-100 ${
    invalid ? "border-red-700" : "border-stone-300"
  } ${extra}`.trim();
}
