import { HttpError } from "./errors";

/**
 * Public forms carry a `website` input hidden from people; only bots fill it in. Such a
 * submission is refused before anything is stored, with a message a person could act on.
 */
export function refuseFilledHoneypot(value: string | undefined): void {
  if (value && value.trim() !== "") {
    throw new HttpError(
      400,
      "Your submission looks automated and was not accepted. If you are a person, please reload the page and try again.",
    );
  }
}
