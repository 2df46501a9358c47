/**
 * A new Idempotency-Key, made when the user makes the change and kept with it across every retry
 * and reload (DESIGN §4.5): the server answers a repeat from its store instead of acting twice.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
