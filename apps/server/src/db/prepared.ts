import type { Compilable, CompiledQuery, Kysely } from "kysely";
import type { Database } from "./types.js";

const statementNames = new Map<string, string>();

/**
 * The statement name of a `prepareQuery` SQL text, for PostgreSQL to prepare it once per connection
 * (db/connection.ts); undefined for every other query. Names are per process and never reused for
 * another text (pg refuses one name with two texts).
 */
export function preparedStatementName(sqlText: string): string | undefined {
  return statementNames.get(sqlText);
}

/** Stands in for a parameter while the query is compiled; never reaches the database. */
const MARK = "\u0000mp-param:";

type Placeholders<P extends string> = { readonly [K in P]: string };

interface Template {
  compiled: CompiledQuery;
  /** For each compiled parameter: the name of the value that replaces it, or undefined (a constant). */
  slots: (string | undefined)[];
}

export interface PreparedQuery<P extends string, O> {
  execute(db: Kysely<Database>, values: Readonly<Record<P, unknown>>): Promise<O[]>;
  executeTakeFirst(db: Kysely<Database>, values: Readonly<Record<P, unknown>>): Promise<O | undefined>;
  /** The SQL text it sends on this database. */
  compiledSql(db: Kysely<Database>): string;
}

/**
 * A Kysely query built and compiled once per database and then run with new values.
 *
 * Kysely builds and compiles the query tree on every call; for the small indexed reads of the
 * dashboard that cost two to five times what the database needs to answer them (docs/benchmarks.md).
 * `build` gets a placeholder for each named parameter and must use them only as values
 * (`where(col, "=", p.tenantId)`); everything else in the query is fixed. Misuse (a placeholder
 * left unused, written into the SQL or built into another value) fails when first compiled.
 *
 * Constants the query planner must see belong in the SQL text, not in parameters: a bound LIMIT
 * keeps SQLite from stopping at the first row in index order (3x slower), and a partial index is
 * used only when the query repeats its condition literally. Write them with `sql.lit`.
 */
export function prepareQuery<P extends string, O>(
  names: readonly P[],
  build: (db: Kysely<Database>, params: Placeholders<P>) => Compilable<O>,
): PreparedQuery<P, O> {
  const templates = new WeakMap<Kysely<Database>, Template>();

  function templateFor(db: Kysely<Database>): Template {
    let template = templates.get(db);
    if (!template) {
      const placeholders = Object.fromEntries(names.map((name) => [name, `${MARK}${name}`])) as Placeholders<P>;
      const compiled = build(db, placeholders).compile();
      if (compiled.sql.includes(MARK)) throw new Error("prepareQuery: a parameter was written into the SQL text");
      const known = new Set<string>(names);
      const slots = compiled.parameters.map((value) => {
        if (typeof value !== "string" || !value.includes(MARK)) return undefined;
        const name = value.slice(MARK.length);
        // Only a placeholder passed on as it is; one built into a longer value would go out as it is.
        if (!value.startsWith(MARK) || !known.has(name)) {
          throw new Error("prepareQuery: a parameter was used inside another value");
        }
        return name;
      });
      const unused = names.filter((name) => !slots.includes(name));
      if (unused.length > 0) throw new Error(`prepareQuery: parameter not used as a value: ${unused.join(", ")}`);
      template = { compiled, slots };
      if (!statementNames.has(compiled.sql)) statementNames.set(compiled.sql, `mp_${statementNames.size + 1}`);
      templates.set(db, template);
    }
    return template;
  }

  async function execute(db: Kysely<Database>, values: Readonly<Record<P, unknown>>): Promise<O[]> {
    const { compiled, slots } = templateFor(db);
    const parameters = compiled.parameters.map((constant, index) => {
      const slot = slots[index] as P | undefined;
      return slot === undefined ? constant : values[slot];
    });
    const result = await db.executeQuery<O>({ ...compiled, parameters } as CompiledQuery<O>);
    return result.rows;
  }

  return {
    execute,
    compiledSql: (db) => templateFor(db).compiled.sql,
    async executeTakeFirst(db, values) {
      const rows = await execute(db, values);
      return rows[0];
    },
  };
}

/** A bound on the templates one query keeps; the API asks for at most PAGE_SIZE_MAX + 1 rows. */
const MAX_PREPARED_LIMIT = 1000;

/**
 * `prepareQuery` for a list read page by page. The LIMIT is a literal like every constant the
 * planner must see, so each page size gets its own template, compiled on first use; clients ask for
 * a handful of sizes (the API caps them, see PAGE_SIZE_MAX in the contracts).
 */
export function prepareQueryByLimit<P extends string, O>(
  names: readonly P[],
  build: (db: Kysely<Database>, params: Placeholders<P>, limit: number) => Compilable<O>,
): (limit: number) => PreparedQuery<P, O> {
  const byLimit = new Map<number, PreparedQuery<P, O>>();
  return (limit) => {
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PREPARED_LIMIT) {
      throw new Error(`prepareQueryByLimit: unsupported limit ${limit}`);
    }
    let query = byLimit.get(limit);
    if (!query) {
      query = prepareQuery(names, (db, params) => build(db, params, limit));
      byLimit.set(limit, query);
    }
    return query;
  };
}
