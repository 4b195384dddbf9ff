// The words of the category editor and its icons (decisions 027, 069), apart from
// category-form.ts's schemas: the categories and breeds lists read only these, and the form's
// schema there put all of Zod on them.

/**
 * The icons a category may have: lucide icon names that app/components/category-icon.tsx draws
 * (it also reads a few older aliases, like "heart", that the form no longer offers).
 */
export const CATEGORY_ICONS = [
  { value: "heart-pulse", label: "Heart with a pulse" },
  { value: "brain", label: "Brain" },
  { value: "shield", label: "Shield" },
  { value: "droplets", label: "Water drops" },
  { value: "target", label: "Target" },
  { value: "moon", label: "Moon" },
  { value: "sparkles", label: "Sparkles" },
  { value: "dog", label: "Dog" },
] as const;

export type CategoryIconName = (typeof CATEGORY_ICONS)[number]["value"];
export const ICON_NAMES = CATEGORY_ICONS.map((icon) => icon.value) as [CategoryIconName, ...CategoryIconName[]];

/** Older icon names the storefront still draws, and the icon the form offers for each. */
const ICON_ALIASES: Record<string, CategoryIconName> = { heart: "heart-pulse", puzzle: "brain", water: "droplets" };

/** A stored icon as the form and the API know it: an older alias as its icon, anything unknown as none. */
export function knownCategoryIcon(icon: string | null): CategoryIconName | null {
  if (!icon) return null;
  const name = icon.trim().toLowerCase();
  return ICON_NAMES.find((known) => known === name) ?? ICON_ALIASES[name] ?? null;
}

export const CATEGORY_TEXT = {
  nameLength: "Name must be at least 2 characters",
  nameTaken: "A category with this name already exists",
  icon: `Icon must be one of ${ICON_NAMES.join(", ")}`,
  notFound: "Category not found",
  moveToSelf: "Choose another category to move the products to",
  moveToUnknown: "The category to move the products to does not exist",
  order: "The order must list every category exactly once",
  created: "Category created",
  updated: "Category updated",
  deleted: "Category deleted",
} as const;

/** The sentence a refused delete answers (409): the category still has products (some maybe in the trash). */
export function categoryInUseMessage(name: string, products: number, inTrash = 0): string {
  const total = products + inTrash;
  const count = total === 1 ? "1 product" : `${total} products`;
  const trashed = inTrash > 0 ? ` (${inTrash === total ? (total === 1 ? "it is" : "all") : inTrash} in the trash)` : "";
  return `“${name}” can't be deleted: it still has ${count}${trashed}. Choose a category to move ${total === 1 ? "it" : "them"} to first, or take the category off ${total === 1 ? "that product" : "those products"}.`;
}
