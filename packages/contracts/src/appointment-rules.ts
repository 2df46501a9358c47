import { APPOINTMENT_MESSAGES, type AppointmentOrigin, type AppointmentStatus } from "./appointments.js";

/**
 * The appointment transitions (issue 11 §3), once for the server, the tenant app and the console.
 *
 * - A tenant's request starts pending with origin "tenant": it waits for the management, which
 *   accepts it (confirmed, at a time inside the requested slot), declines it (canceled, with a
 *   reason) or proposes another time (pending, origin "management").
 * - A management proposal is pending with origin "management": the tenant confirms or cancels it.
 * - The tenant may cancel what is pending or confirmed; never confirm their own request.
 * - Canceled and completed appointments stay as they are; so does everything that has ended,
 *   except that the management may still decline or re-propose a pending request whose slot passed.
 */

/** What the rules look at. */
export interface AppointmentState {
  status: string;
  origin: string;
  end_time: string;
}

/** A conflict without message answers the generic German conflict text. */
export type AppointmentDecision =
  | { kind: "noop" }
  | { kind: "change"; status: AppointmentStatus; origin: AppointmentOrigin }
  | { kind: "conflict"; message?: string };

const nowIso = () => new Date().toISOString();
const origin = (state: AppointmentState): AppointmentOrigin => (state.origin === "tenant" ? "tenant" : "management");

function closedConflict(state: AppointmentState): AppointmentDecision | undefined {
  if (state.status === "canceled") return { kind: "conflict", message: APPOINTMENT_MESSAGES.alreadyCanceled };
  if (state.status === "completed") return { kind: "conflict", message: APPOINTMENT_MESSAGES.alreadyCompleted };
  return undefined;
}

/**
 * The tenant confirms or cancels. Asking for the current status changes nothing (a replayed
 * offline change must not fail).
 */
export function decideTenantStatusChange(
  state: AppointmentState,
  wanted: "confirmed" | "canceled",
  now: string = nowIso(),
): AppointmentDecision {
  if (state.status === wanted) return { kind: "noop" };
  const closed = closedConflict(state);
  if (closed) return closed;
  if (state.end_time < now) return { kind: "conflict", message: APPOINTMENT_MESSAGES.pastAppointment };
  if (wanted === "canceled" && (state.status === "pending" || state.status === "confirmed")) {
    return { kind: "change", status: "canceled", origin: origin(state) };
  }
  if (wanted === "confirmed" && state.status === "pending") {
    if (origin(state) === "tenant") return { kind: "conflict", message: APPOINTMENT_MESSAGES.awaitingManagement };
    return { kind: "change", status: "confirmed", origin: "management" };
  }
  return { kind: "conflict" };
}

export type ManagementAppointmentAction = "accept" | "decline" | "propose";

/**
 * The management answers: accept a tenant's pending request; decline or propose another time for
 * anything pending, or confirmed and not over yet.
 */
export function decideManagementAction(
  state: AppointmentState,
  action: ManagementAppointmentAction,
  now: string = nowIso(),
): AppointmentDecision {
  const closed = closedConflict(state);
  if (closed) return closed;
  if (action === "accept") {
    if (state.status === "confirmed") return { kind: "conflict", message: APPOINTMENT_MESSAGES.alreadyConfirmed };
    if (state.status !== "pending") return { kind: "conflict" };
    if (origin(state) !== "tenant") return { kind: "conflict", message: APPOINTMENT_MESSAGES.awaitingTenant };
    return { kind: "change", status: "confirmed", origin: "tenant" };
  }
  if (state.status === "confirmed" && state.end_time < now) {
    return { kind: "conflict", message: APPOINTMENT_MESSAGES.pastAppointment };
  }
  if (state.status !== "pending" && state.status !== "confirmed") return { kind: "conflict" };
  return action === "decline"
    ? { kind: "change", status: "canceled", origin: origin(state) }
    : { kind: "change", status: "pending", origin: "management" };
}

/** What the tenant app offers for an appointment (the server decides with the same rules). */
export function tenantAppointmentActions(
  state: AppointmentState,
  now: string = nowIso(),
): {
  confirm: boolean;
  cancel: boolean;
  /** The tenant's own pending request: it waits for the management. */
  awaitingManagement: boolean;
} {
  const can = (wanted: "confirmed" | "canceled") =>
    state.status !== wanted && decideTenantStatusChange(state, wanted, now).kind === "change";
  return {
    confirm: can("confirmed"),
    cancel: can("canceled"),
    awaitingManagement: state.status === "pending" && origin(state) === "tenant" && state.end_time >= now,
  };
}

/** What the console offers for an appointment. */
export function managementAppointmentActions(
  state: AppointmentState,
  now: string = nowIso(),
): Record<ManagementAppointmentAction, boolean> {
  const can = (action: ManagementAppointmentAction) => decideManagementAction(state, action, now).kind === "change";
  return { accept: can("accept"), decline: can("decline"), propose: can("propose") };
}
