// The words of the breed editor and its sizes (issue 18), apart from breed-form.ts's schemas:
// the breeds list reads only these, and the form's schema there put all of Zod on it (decision 069).

export const BREED_SIZES = [
  { value: "small", label: "Small (under 20 lbs)" },
  { value: "medium", label: "Medium (20-60 lbs)" },
  { value: "large", label: "Large (over 60 lbs)" },
] as const;

export const BREED_TEXT = {
  nameLength: "Name must be at least 2 characters",
  nameTaken: "A breed with this name already exists",
  size: "Choose the breed's size",
  descriptionLength: "Description must be at least 10 characters",
  notFound: "Breed not found",
  created: "Breed created",
  updated: "Breed updated",
  deleted: "Breed deleted",
} as const;

/** The sentence a refused delete answers (409): the breed still has recommendations. */
export function breedInUseMessage(name: string, recommendations: number): string {
  const count = recommendations === 1 ? "1 product is" : `${recommendations} products are`;
  return `“${name}” can't be deleted: ${count} recommended for it. Delete the breed together with its recommendations, or remove them first.`;
}
