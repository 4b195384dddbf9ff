import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { messages, type PGlite, parse, protocol, type QueryOptions, type Results } from "@electric-sql/pglite";

/**
 * PGlite's `query` sends six protocol messages for every statement, each a separate call into
 * the WebAssembly backend, and PostgreSQL parses and plans the SQL every time: 0.4-0.7 ms for a
 * one-row lookup by slug, most of a page's database time. A server driver keeps its statements
 * prepared; this does the same for PGlite (decision 045). The first time a SQL text is seen it is
 * parsed and described once under a name (Parse, Describe); after that each run is one call
 * carrying Bind, Execute and Sync: 65-80 µs for the same lookup, measured on the large catalogue.
 * PostgreSQL plans a named statement's first five runs with the actual values and then keeps a
 * generic plan when it costs no more, so a statement whose best plan depends on its values
 * (a partial index, a skewed column) is still planned for them.
 *
 * Only what Drizzle sends outside transactions comes here; a transaction's statements go through
 * PGlite's own `query`, unchanged. Queries wait for the same locks PGlite's `query` takes, so a
 * statement never runs inside someone else's transaction. At most `limit` statements stay
 * prepared; the least recently used is closed when a new one needs the room (Drizzle writes one
 * text per shape, but an `in (...)` list has one shape per length).
 *
 * Those two locks, `_runExclusiveTransaction` and `_runExclusiveQuery`, are PGlite's private
 * methods (issue 29, decision 068): without them a statement could run inside a transaction
 * someone else has open. They are used here and nowhere else, and only with the PGlite version
 * they were verified on; with any other version, or when they are missing, or when
 * PGLITE_PREPARED_STATEMENTS=off, Drizzle gets PGlite's public `query` (about 0.35 ms more per
 * statement, decision 068).
 */
export type StatementClient = Pick<PGlite, "query" | "transaction">;

/**
 * The @electric-sql/pglite version whose private lock methods this module was checked against.
 * After an upgrade, pglite-statements.test.ts fails until someone re-reads PGlite's `query`
 * (that it still takes these two locks, in this order) and moves this pin.
 */
export const VERIFIED_PGLITE_VERSION = "0.5.16";

/** The private methods this module calls, each with the number of arguments it takes. */
const PRIVATE_LOCKS = { _runExclusiveTransaction: 1, _runExclusiveQuery: 1 } as const;

/** The installed @electric-sql/pglite version (its package.json is not in its exports map). */
export function installedPgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  let folder = dirname(entry);
  // dist/index.cjs today; walk up to the package's own package.json whatever the layout
  for (let depth = 0; depth < 4; depth++, folder = dirname(folder)) {
    try {
      const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === "@electric-sql/pglite" && manifest.version) return manifest.version;
    } catch {
      // no package.json at this level
    }
  }
  return "unknown";
}

/** Why the prepared path cannot be used with this client, or undefined when it can. */
export function preparedStatementsUnavailable(client: PGlite, version = installedPgliteVersion()): string | undefined {
  if (version !== VERIFIED_PGLITE_VERSION) {
    return `@electric-sql/pglite ${version} is not the verified ${VERIFIED_PGLITE_VERSION}`;
  }
  for (const [name, arity] of Object.entries(PRIVATE_LOCKS)) {
    const method = (client as unknown as Record<string, unknown>)[name];
    if (typeof method !== "function" || method.length !== arity) return `PGlite's ${name} is missing or changed`;
  }
  return undefined;
}

/** What Drizzle is handed for a PGlite client, and whether its statements are prepared. */
export interface PgliteStatements {
  client: StatementClient;
  /** "prepared", or why PGlite's public query is used */
  path: string;
}

/**
 * The switch: prepared statements when asked for and safe with this PGlite, otherwise the
 * client itself (PGlite's public `query` and `transaction`).
 */
export function pgliteStatements(client: PGlite, { prepared = true, limit = 200 } = {}): PgliteStatements {
  if (!prepared) return { client, path: "public query (PGLITE_PREPARED_STATEMENTS=off)" };
  const unavailable = preparedStatementsUnavailable(client);
  if (unavailable) return { client, path: `public query (${unavailable})` };
  return { client: preparedStatements(client, { limit }), path: "prepared" };
}

const { serialize } = protocol;

interface Statement {
  name: string;
  /** the parameters' type OIDs, as PostgreSQL inferred them: they choose each value's serializer */
  paramTypes: number[];
  /** the result's columns (none for a statement without rows), described once when prepared */
  columns: messages.RowDescriptionMessage | undefined;
}

/** "cached plan must not change result type": a table the statement reads changed shape */
const FEATURE_NOT_SUPPORTED = "0A000";

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Options this path understands; anything else (blobs, parameter types) goes to PGlite's query. */
function isPlain(options: QueryOptions | undefined): boolean {
  if (!options) return true;
  return Object.keys(options).every((key) => key === "rowMode" || key === "parsers" || key === "serializers");
}

export function preparedStatements(client: PGlite, { limit = 200 } = {}): StatementClient {
  // In use order, least recent first (a Map keeps insertion order; a hit moves to the end).
  const statements = new Map<string, Statement>();
  // Names closed to make room, sent with the next message so no extra call is spent on them.
  let toClose: string[] = [];
  let counter = 0;

  async function prepare(text: string): Promise<Statement> {
    const name = `s${++counter}`;
    while (statements.size >= limit) {
      const [oldest] = statements;
      if (!oldest) break;
      statements.delete(oldest[0]);
      toClose.push(oldest[1].name);
    }
    const closing = toClose.map((old) => serialize.close({ type: "S", name: old }));
    toClose = [];
    const described = await client.execProtocol(
      concat([
        ...closing,
        serialize.parse({ name, text, types: [] }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ]),
    );
    const statement: Statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described.messages),
      columns: described.messages.find((message) => message instanceof messages.RowDescriptionMessage),
    };
    statements.set(text, statement);
    return statement;
  }

  async function run<T>(
    statement: Statement,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = statement.paramTypes[i] ?? 0;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(param) : String(param);
    });
    const ran = await client.execProtocol(
      concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
    );
    // The columns were described when the statement was prepared. Only their types' parsers are
    // handed over: given the caller's parsers, PGlite's parseResults would copy its whole table
    // of them (a few hundred, with every array type) for every statement.
    const columns = statement.columns;
    const parsers: PGlite["parsers"] = {};
    for (const { dataTypeID } of columns?.fields ?? []) {
      const parser = options?.parsers?.[dataTypeID] ?? client.parsers[dataTypeID];
      if (parser) parsers[dataTypeID] = parser;
    }
    const [result] = parse.parseResults(columns ? [columns, ...ran.messages] : ran.messages, parsers, {
      rowMode: options?.rowMode,
    });
    if (!result) throw new Error("PGlite returned no result for a prepared statement");
    return result as Results<T>;
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!isPlain(options)) return client.query<T>(text, params, options);
    // The same two locks PGlite's own query takes: no other query, and no open transaction.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const known = statements.get(text);
        if (known) {
          statements.delete(text);
          statements.set(text, known);
        }
        const statement = known ?? (await prepare(text));
        try {
          return await run<T>(statement, params, options);
        } catch (error) {
          if ((error as { code?: unknown }).code !== FEATURE_NOT_SUPPORTED || !known) throw error;
          // The statement outlived a change to a table it reads: prepare it again, once.
          statements.delete(text);
          toClose.push(statement.name);
          return run<T>(await prepare(text), params, options);
        }
      }),
    );
  }

  return {
    query: query as PGlite["query"],
    transaction: (callback) => client.transaction(callback),
  };
}
