// How long a post takes to read, worked out from its body (issue 26): the editor fills the
// reading time in from the text unless the writer typed one, and the server works it out again
// at every save of a post that follows its text (`readingTimeAuto`).

/** Words an adult reads in a minute: the figure Medium and most reading-time estimates use. */
export const WORDS_PER_MINUTE = 200;

// [[toy:slug]] and [[compare:a,b]] are boxes, not words; a link's address is not read either.
const TOKEN = /\[\[[a-z]+:[^\]]*\]\]/gi;
const LINK_TARGET = /\]\([^)]*\)/g;
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** How many words a markdown body has for a reader: product tokens, link addresses and markup left out. */
export function wordCount(markdown: string): number {
  return markdown.replace(TOKEN, " ").replace(LINK_TARGET, "] ").match(WORD)?.length ?? 0;
}

/** Minutes to read a markdown body: its words over WORDS_PER_MINUTE, rounded up, at least 1. */
export function readingTimeOf(markdown: string): number {
  return Math.max(1, Math.ceil(wordCount(markdown) / WORDS_PER_MINUTE));
}
