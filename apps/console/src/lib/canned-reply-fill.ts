/**
 * Fills a Textbaustein's placeholders for one reply (issue 25 §10; the list is the contracts'
 * CANNED_REPLY_PLACEHOLDERS, which the server checks on saving). A placeholder whose value is
 * unknown (a tenant without a flat) stays as it is, so that the writer sees what to fill in.
 */
export interface ReplyContext {
  firstName: string;
  lastName: string;
  building: string | null;
  unit: string | null;
  staffName: string;
}

/**
 * How the tenant is addressed. The portal stores no salutation (Frau/Herr) today: the full name,
 * as the invitation letters greet (decision 029).
 */
function addressOf(ctx: ReplyContext): string {
  return `${ctx.firstName} ${ctx.lastName}`.trim();
}

export function fillPlaceholders(body: string, ctx: ReplyContext): string {
  const values: Record<string, string | null> = {
    "{Anrede}": addressOf(ctx),
    "{Vorname}": ctx.firstName,
    "{Nachname}": ctx.lastName,
    "{Gebäude}": ctx.building,
    "{Wohnung}": ctx.unit,
    "{Name der Mitarbeiterin}": ctx.staffName,
  };
  return body.replace(/\{[^{}]*\}/g, (token) => values[token] || token);
}

/** "Guten Tag Anna Meyer," — the greeting a reply starts with. */
function salutationFor(ctx: ReplyContext): string {
  return `Guten Tag ${addressOf(ctx)},`;
}

const GREETING = /^(guten tag|sehr geehrte|hallo|liebe|lieber|moin)\b/i;

/**
 * The text a Textbaustein puts into the reply: filled in, and — when the reply is still empty
 * and the Textbaustein has no greeting of its own — after the salutation, so that "vielen Dank
 * für …" follows "Guten Tag Anna Meyer," as a German letter does.
 */
export function cannedReplyText(body: string, ctx: ReplyContext, replySoFar: string): string {
  const filled = fillPlaceholders(body, ctx);
  if (replySoFar.trim() !== "" || GREETING.test(filled.trimStart())) return filled;
  return `${salutationFor(ctx)}\n\n${filled}`;
}
