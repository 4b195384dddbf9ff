import type { Database, DatabaseHandle } from "../../server/db/client";

/**
 * The database as a slow app instance sees it: its first UPDATE waits until `until` resolves,
 * after calling `onHeld`. The scheduled syncs and link checks begin their claim with one, so
 * this holds an instance between finding a run due and claiming it (exactly-once tests).
 */
export function heldAtFirstUpdate(database: DatabaseHandle, onHeld: () => void, until: Promise<void>): DatabaseHandle {
  let held = false;
  const db = new Proxy(database.db, {
    get(target, key, receiver) {
      if (key !== "update" || held) return Reflect.get(target, key, receiver);
      return (table: Parameters<Database["update"]>[0]) => {
        held = true;
        const builder = target.update(table);
        return {
          set(values: Parameters<typeof builder.set>[0]) {
            const query = builder.set(values);
            const execute = query.execute.bind(query);
            // `where` answers the same object, whose `then` runs `execute`: the query waits when awaited
            query.execute = async (...args) => {
              onHeld();
              await until;
              return execute(...args);
            };
            return query;
          },
        };
      };
    },
  });
  return { ...database, db };
}

/** A promise with its resolve function, for holding and releasing one step of a test. */
export function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
