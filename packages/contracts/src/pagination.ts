import { z } from "zod";
import { NEXT_CURSOR_HEADER } from "./defaults.js";

/**
 * Every tenant list answers one page (docs/decisions/007-list-pagination.md): the body stays the
 * array of entities, `limit` and `cursor` choose the page, and the cursor of the next page comes
 * in the NEXT_CURSOR_HEADER response header (absent on the last page).
 */
export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 100;
/** Cursors are short (a sort key and an id, base64url); anything longer is not one of ours. */
export const CURSOR_MAX_LENGTH = 256;

export const PAGINATION_MESSAGES = {
  limit: `Die Seitengröße (limit) muss eine ganze Zahl von 1 bis ${PAGE_SIZE_MAX} sein.`,
  cursor: "Die Angabe zur nächsten Seite (cursor) ist ungültig. Bitte laden Sie die Liste neu.",
} as const;

const limitError = { error: PAGINATION_MESSAGES.limit };
const cursorError = { error: PAGINATION_MESSAGES.cursor };

/** Query parameters of every paginated list. */
export const pageQuery = z.object({
  limit: z.coerce
    .number(limitError)
    .int(limitError)
    .min(1, limitError)
    .max(PAGE_SIZE_MAX, limitError)
    .default(PAGE_SIZE_DEFAULT)
    .describe(`Entries per page (default ${PAGE_SIZE_DEFAULT}, at most ${PAGE_SIZE_MAX})`),
  cursor: z
    .string(cursorError)
    .min(1, cursorError)
    .max(CURSOR_MAX_LENGTH, cursorError)
    .regex(/^[A-Za-z0-9_-]+$/, cursorError)
    .optional()
    .describe(`Opaque: the ${NEXT_CURSOR_HEADER} header of the previous page; absent for the first page`),
});
export type PageQuery = z.infer<typeof pageQuery>;
