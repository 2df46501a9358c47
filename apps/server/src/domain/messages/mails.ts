/**
 * The messages module's mail texts (German): pure functions of their data; the callers write them
 * to the outbox (decision 037).
 */

/** The mail that tells the tenant the management wrote in a conversation. */
export const replyMail = (subject: string, author: { signature: string }, threadId: string) => ({
  kind: "message_reply",
  subject: `Neue Nachricht: ${subject}`,
  lines: [`${author.signature} hat Ihnen im Mieter-Portal geschrieben (Betreff: „${subject}“).`],
  path: `/messages/${threadId}`,
});
