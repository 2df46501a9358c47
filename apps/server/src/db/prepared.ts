import DataLoader from "dataloader";
import type { Compilable, CompiledQuery, Kysely } from "kysely";
import type { Database } from "./types.js";

const statementNames = new Map<string, string>();

function nameStatement(sqlText: string): void {
  if (!statementNames.has(sqlText)) statementNames.set(sqlText, `mp_${statementNames.size + 1}`);
}

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
  /** On a database that batches (PostgreSQL): the calls of one turn of the event loop, run together. */
  batch?: DataLoader<readonly unknown[], unknown[]>;
}

/** The databases whose prepared queries are batched per turn of the event loop (openDatabase, PostgreSQL). */
const batchingDatabases = new WeakSet<Kysely<Database>>();

/**
 * From now on, the calls of each `prepareQuery` on `db` that arrive in one turn of the event loop
 * go to PostgreSQL as one statement (see `batchedStatement`). Only for a PostgreSQL database.
 */
export function batchPreparedQueries(db: Kysely<Database>): void {
  batchingDatabases.add(db);
}

/**
 * Calls per statement at most. A statement runs on one connection, its calls one after another: a
 * large batch of heavy reads (a tenant with 10,000 conversations asking for pages of 50 on 50
 * connections) kept one backend busy while the others idled — 1,100 instead of 1,700 req/s at 200
 * per batch. At 16 the busy turns still share their round trips (8 calls a turn on average under
 * 50 connections) and the heavy pages spread over the pool again (1,900–2,100 req/s).
 */
const MAX_BATCH = 16;

let batchObserver: ((size: number) => void) | undefined;

/** Tests: sees the size of every batch sent (one call: 1). Returns the function that stops it. */
export function observeBatches(observer: (size: number) => void): () => void {
  batchObserver = observer;
  return () => {
    batchObserver = undefined;
  };
}

/** Column names of the batch's values and of the bookkeeping, chosen not to meet a table's. */
const BATCH = "mp_batch";
const ORDINAL = "mp_call";
const ROW = "mp_row";

/**
 * The SQL that runs one query for many calls at once on PostgreSQL. Each named value becomes a text
 * array with one element per call; the query runs once per element tuple (a lateral join, so every
 * call's query plans and reads as it does alone: the same index searches on its own tenant) and
 * each row comes back with its call's number and its place in that call's answer:
 *
 *   select mp_batch.mp_call, mp_rows.* from unnest($1::text[], …) with ordinality as mp_batch(v1, …, mp_call)
 *   cross join lateral (select q.*, row_number() over () as mp_row from (<the query, $n → mp_batch.vN>) q) mp_rows
 *   order by mp_batch.mp_call, mp_rows.mp_row
 *
 * Constants stay parameters of their own, after the arrays. String literals and quoted names in
 * the text are left alone.
 */
function batchedStatement(template: Template, names: readonly string[]): string {
  const constants = template.slots.flatMap((slot, index) => (slot === undefined ? [index] : []));
  const inner = template.compiled.sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)(?!\d)/g, (match, n?: string) => {
    if (n === undefined) return match;
    const index = Number(n) - 1;
    const slot = template.slots[index];
    if (slot !== undefined) return `${BATCH}.v${names.indexOf(slot) + 1}`;
    return `$${names.length + constants.indexOf(index) + 1}`;
  });
  const arrays = names.map((_, i) => `$${i + 1}::text[]`).join(", ");
  const columns = names.map((_, i) => `v${i + 1}`).join(", ");
  return (
    `select ${BATCH}.${ORDINAL}, mp_rows.* from unnest(${arrays}) with ordinality as ${BATCH}(${columns}, ${ORDINAL}) ` +
    `cross join lateral (select q.*, row_number() over () as ${ROW} from (${inner}) as q) as mp_rows ` +
    `order by ${BATCH}.${ORDINAL}, mp_rows.${ROW}`
  );
}

/**
 * The batch of one prepared query on one database: DataLoader collects the calls of a turn of the
 * event loop (scheduled after the poll phase, so every request read in that turn joins) and sends
 * them as one statement; nothing is cached, each call gets the rows of its own values. Every call
 * is still a query sent after it was made — a session check or a read is never answered from an
 * earlier one — but a busy turn costs one round trip to the database instead of one per call.
 */
function batchFor(db: Kysely<Database>, template: Template, names: readonly string[]) {
  const sqlText = batchedStatement(template, names);
  nameStatement(sqlText);
  const constants = template.compiled.parameters.filter((_, index) => template.slots[index] === undefined);
  return new DataLoader<readonly unknown[], unknown[]>(
    async (calls) => {
      batchObserver?.(calls.length);
      const arrays = names.map((_, i) => calls.map((values) => values[i]));
      const result = await db.executeQuery<Record<string, unknown>>({
        ...template.compiled,
        sql: sqlText,
        parameters: [...arrays, ...constants],
      } as CompiledQuery<Record<string, unknown>>);
      const answers: unknown[][] = calls.map(() => []);
      for (const row of result.rows) {
        const { [ORDINAL]: call, [ROW]: _row, ...rest } = row;
        answers[Number(call) - 1]?.push(rest);
      }
      return answers;
    },
    { cache: false, batchScheduleFn: (send) => setImmediate(send), maxBatchSize: MAX_BATCH },
  );
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
      nameStatement(compiled.sql);
      // A batch needs each value as text (the arrays are text[]); every prepared query here takes ids,
      // instants and dates, which are text on both databases.
      if (batchingDatabases.has(db)) template.batch = batchFor(db, template, names);
      templates.set(db, template);
    }
    return template;
  }

  async function execute(db: Kysely<Database>, values: Readonly<Record<P, unknown>>): Promise<O[]> {
    const template = templateFor(db);
    // Not inside a transaction (db is then another object, never registered for batches), and only
    // with text values: anything else runs on its own.
    if (template.batch && names.every((name) => typeof values[name] === "string")) {
      return (await template.batch.load(names.map((name) => values[name]))) as O[];
    }
    const { compiled, slots } = template;
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
