// What the post editor shows at first load (decision 069), apart from post-form.ts's and
// post-extras.ts's schemas: the meta fields' limits and the publish day and time as the inputs
// show them. The schemas load with the form's first focus; these came with the page and put
// all of Zod on it.

export const META_TITLE_MAX = 120;
export const META_DESCRIPTION_MAX = 320;

/**
 * The time zone a form's publish day is read in: "local" is the zone of the runtime, which is
 * the browser's once the form's scripts run; "utc" is the zone the server renders the day in,
 * so a form posted before the scripts ran stores the day it showed.
 */
export type PublishZone = "local" | "utc";

const pad = (n: number) => String(n).padStart(2, "0");

/** The day (yyyy-mm-dd) an instant falls on in a zone. */
export function publishDayOf(instant: string | Date, zone: PublishZone): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  return zone === "utc"
    ? `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
    : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The time of day (hh:mm, 24-hour) an instant falls on in a zone. */
export function publishTimeOf(instant: string | Date, zone: PublishZone): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  return zone === "utc"
    ? `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`
    : `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
