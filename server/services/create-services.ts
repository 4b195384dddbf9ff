import type { DatabaseHandle } from "../db/client";

/** Everything route loaders and API handlers may call; built once per process. */
export function createServices(database: DatabaseHandle) {
  return {
    health: {
      /** true when the database answers */
      async databaseIsUp(): Promise<boolean> {
        try {
          await database.ping();
          return true;
        } catch {
          return false;
        }
      },
    },
  };
}

export type Services = ReturnType<typeof createServices>;
