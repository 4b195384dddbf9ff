// English wording rules for sentences built around names the owner types (breeds, toys).

// Words spelled with a vowel that begin with a consonant sound ("a unicorn", "a European",
// "a one-eyed"), and words spelled with a consonant that begin with a vowel sound ("an hour").
const VOWEL_LETTER_CONSONANT_SOUND = /^(?:uni|use|usu|uti|ure|uro|ubi|uku|ukr|eu|ewe|one\b|once\b)/;
const CONSONANT_LETTER_VOWEL_SOUND = /^(?:hour|honest|honou?r|heir)/;
// "an 8-week-old", "an 11-inch", "an 18-month-old": numbers read with a vowel sound first
const VOWEL_SOUND_NUMBER = /^(?:8|11(?!\d)|18(?!\d))/;

/** "a" or "an" for the phrase that follows it, by how its first word sounds ("an Australian Shepherd", "a Beagle", "a unicorn"). */
export function indefiniteArticle(phrase: string): "a" | "an" {
  const word = phrase.trim().toLowerCase();
  if (VOWEL_SOUND_NUMBER.test(word) || CONSONANT_LETTER_VOWEL_SOUND.test(word)) return "an";
  if (VOWEL_LETTER_CONSONANT_SOUND.test(word)) return "a";
  return /^[aeiou]/.test(word) ? "an" : "a";
}

/** The phrase after its indefinite article: "an Australian Shepherd". */
export function withIndefiniteArticle(phrase: string): string {
  return `${indefiniteArticle(phrase)} ${phrase.trim()}`;
}

/** "The 3 best toys for a Beagle", and for one toy "The best toy for a Beagle" (not "The 1 best toys"). */
export function bestToysFor(breedName: string, count: number): string {
  const breed = withIndefiniteArticle(breedName);
  return count === 1 ? `The best toy for ${breed}` : `The ${count} best toys for ${breed}`;
}
