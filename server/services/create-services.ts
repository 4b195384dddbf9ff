import type { DatabaseHandle } from "../db/client";
import { createCatalogService } from "./catalog.service";
import { createContentService } from "./content.service";

/** Everything route loaders and API handlers may call; built once per process. */
export function createServices(database: DatabaseHandle) {
  return {
    catalog: createCatalogService(database.db),
    content: createContentService(database.db),
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
