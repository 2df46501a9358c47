import { NEXT_CURSOR_HEADER, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PAGINATION_MESSAGES } from "@mieter-portal/contracts";
import type { FastifyReply } from "fastify";
import type { z } from "zod";
import { badRequest } from "./errors.js";

/** One page of a list and the cursor of the next one (null on the last page). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** What a list endpoint passes to its repository: the page size and, after the first page, the cursor. */
export interface PageRequest {
  limit: number;
  cursor?: string | undefined;
}

/** Sort keys and ids are ISO dates, instants and UUIDs: short printable ASCII. */
const CURSOR_VALUE = /^[\x20-\x7e]{1,64}$/;

/**
 * The cursor of the row a page ended with: base64url of JSON `[list, ...sortKey, id]`. The list
 * name keeps one list's cursor from being read as another's; the tenant is never in it (every
 * query filters by the signed-in tenant, so a cursor shows nothing of the tenant it came from).
 */
export function encodeCursor(list: string, key: readonly string[]): string {
  return Buffer.from(JSON.stringify([list, ...key]), "utf8").toString("base64url");
}

/** The sort key and id in a cursor of `list` with `length` values; a malformed one answers 400. */
export function decodeCursor(list: string, cursor: string, length: number): string[] {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    decoded = undefined;
  }
  if (
    !Array.isArray(decoded) ||
    decoded.length !== length + 1 ||
    decoded[0] !== list ||
    !decoded.slice(1).every((value) => typeof value === "string" && CURSOR_VALUE.test(value))
  ) {
    throw badRequest(PAGINATION_MESSAGES.cursor, { cursor: PAGINATION_MESSAGES.cursor });
  }
  return decoded.slice(1) as string[];
}

/**
 * Cuts the rows of a query that asked for `limit + 1` into the page's rows and the next page's
 * cursor: the extra row only says that there is one more page.
 */
export function splitPage<R>(
  rows: R[],
  limit: number,
  list: string,
  keyOf: (row: R) => readonly string[],
): { rows: R[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const pageRows = rows.slice(0, limit);
  return { rows: pageRows, nextCursor: encodeCursor(list, keyOf(pageRows[limit - 1] as R)) };
}

/** Sends a page: the body is the array, the next page's cursor goes in the X-Next-Cursor header. */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return page.items;
}

/** The list's response schema with the X-Next-Cursor header declared for the OpenAPI document. */
export function pagedList<T extends z.ZodType>(schema: T): T {
  return schema.meta({
    headers: {
      [NEXT_CURSOR_HEADER]: {
        type: "string",
        description: "Cursor of the next page (pass it as ?cursor=…); absent on the last page",
      },
    },
  }) as T;
}

/** The route description of every paginated list (the OpenAPI document's reader sees it beside the parameters). */
export const PAGINATION_DESCRIPTION = `Paginated by cursor (docs/decisions/007-list-pagination.md): the body is one page of the list as an array, \`limit\` entries (default ${PAGE_SIZE_DEFAULT}, at most ${PAGE_SIZE_MAX}). When more follow, the response header ${NEXT_CURSOR_HEADER} holds the cursor to pass as \`cursor\` for the next page; it is absent on the last page. A limit out of range or a malformed cursor answers 400.`;
