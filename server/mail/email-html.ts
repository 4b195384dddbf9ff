// Pieces every HTML e-mail of the site shares: escaping, the hidden preview line and the
// sender's postal address in the footer (issue 26, decision 047).

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe to put inside HTML text or a quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => escapes[c] ?? c);
}

/** Mail programs show up to about 140 characters of the preview line. */
const PREVIEW_LENGTH = 140;

/** Text as a preview line: one line, at most `max` characters, cut at a word with an ellipsis. */
export function previewLine(text: string, max = PREVIEW_LENGTH): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const word = cut.lastIndexOf(" ");
  return `${(word > max / 2 ? cut.slice(0, word) : cut).replace(/[\s,;:.!?-]+$/, "")}…`;
}

// Zero-width joiners and non-breaking spaces after the preview line: without them a mail
// program that shows a longer preview fills it with the start of the message itself.
const PREVIEW_FILLER = "&#847;&zwnj;&nbsp;".repeat(60);

/**
 * The preview line mail programs show next to the subject: the first text of the body, hidden
 * from the reader of the message (every client's way of hiding, Outlook's mso-hide included).
 */
export function preheaderHtml(text: string): string {
  if (!text) return "";
  return `<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;">${escapeHtml(text)}${PREVIEW_FILLER}</div>`;
}

/** The sender's postal address as HTML lines (CAN-SPAM); "" for none. */
export function postalAddressHtml(address: string | null, style: string): string {
  if (!address) return "";
  const lines = address.split("\n").map(escapeHtml).join("<br>");
  return `<p style="${style}">${lines}</p>`;
}
