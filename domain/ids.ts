/** The largest id a PostgreSQL `integer` / `serial` column holds. */
export const MAX_DATABASE_ID = 2_147_483_647;

/** True for the digits of an id the database can hold (1 to MAX_DATABASE_ID), nothing else. */
export function isDatabaseId(value: string | undefined): value is string {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= MAX_DATABASE_ID;
}
