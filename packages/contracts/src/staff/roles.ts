import { z } from "zod";

/**
 * Staff roles (issue 11): Administrators may do everything and manage staff and canned replies;
 * a Verwalter handles every tenant matter of their buildings; a Hausmeister handles repairs and
 * appointments of their buildings only (no messages, meter readings, finances or documents); a
 * Dienstleister (a garden or cleaning crew member, an outside contractor: issue 27 §1) sees only the
 * Einsätze of their buildings and nothing else of the console.
 */
export const staffRole = z.enum(["administrator", "verwalter", "hausmeister", "dienstleister"], {
  error: "Bitte wählen Sie eine gültige Rolle.",
});
export type StaffRole = z.infer<typeof staffRole>;

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  administrator: "Administrator",
  verwalter: "Verwalter",
  hausmeister: "Hausmeister",
  dienstleister: "Dienstleister",
};

/** What a role may work on. Building scope comes on top for Verwalter and Hausmeister. */
export type StaffCapability =
  | "repairs"
  | "appointments"
  | "messages"
  | "meter_readings"
  | "tenants"
  /** Create tenants and tenancies, edit contact data, end tenancies, invite, import (issue 14 §1). */
  | "tenancies"
  | "documents"
  | "notices"
  | "finances"
  | "manage_staff"
  | "canned_replies"
  | "audit"
  /** House, garden and winter services: the catalogue and the plans of a building (issue 27 §1). */
  | "service_plans"
  /** The planned and done Einsätze of a building (issue 27). */
  | "service_visits";

const CAPABILITIES: Record<StaffRole, readonly StaffCapability[]> = {
  administrator: [
    "repairs",
    "appointments",
    "messages",
    "meter_readings",
    "tenants",
    "tenancies",
    "documents",
    "notices",
    "finances",
    "manage_staff",
    "canned_replies",
    "audit",
    "service_plans",
    "service_visits",
  ],
  verwalter: [
    "repairs",
    "appointments",
    "messages",
    "meter_readings",
    "tenants",
    "tenancies",
    "documents",
    "notices",
    "finances",
    "service_plans",
    "service_visits",
  ],
  hausmeister: ["repairs", "appointments", "tenants", "service_visits"],
  dienstleister: ["service_visits"],
};

export function roleCan(role: StaffRole, capability: StaffCapability): boolean {
  return CAPABILITIES[role].includes(capability);
}

/** Administrators see every building; the others only those assigned to them. */
export const roleSeesAllBuildings = (role: StaffRole) => role === "administrator";
/** TOTP is mandatory for Administrators (issue 11 §1) and available to everyone. */
export const roleRequiresTotp = (role: StaffRole) => role === "administrator";
