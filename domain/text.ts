// What text the site accepts. PostgreSQL refuses NUL in text, and XML 1.0 (the RSS feed, the
// sitemap) cannot carry the other C0 control characters or U+FFFE/U+FFFF at all: text that
// holds one is refused where it comes in, with a message, instead of failing later.

/** Characters no text field may hold: C0 controls except tab, line feed and carriage return; U+FFFE, U+FFFF. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
export const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

export const FORBIDDEN_CHARACTER_MESSAGE = "Remove the invisible control character from this text";

/** True when a text holds a character no field may hold. */
export function hasForbiddenCharacters(text: string): boolean {
  return FORBIDDEN_CHARACTERS.test(text);
}

const FORBIDDEN_ALL = new RegExp(FORBIDDEN_CHARACTERS.source, "g");

/** The text without the characters no field may hold (for output that must stay valid, like XML). */
export function stripForbiddenCharacters(text: string): string {
  return text.replace(FORBIDDEN_ALL, "");
}

/** A count with its noun, singular for one: "1 product", "24 products", "0 products". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
