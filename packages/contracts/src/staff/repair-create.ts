import { z } from "zod";
import { LIMITS, requiredText, uuid } from "../common.js";
import { repairLocation, repairType, urgency } from "../repairs.js";

/**
 * Staff create a repair (issue 25 §16): for a tenant (a phone call) or from a tenant's conversation
 * ("aus dieser Nachricht eine Reparatur machen"; the repair links the conversation and belongs to
 * its tenant). The tenant sees it in the app like one they reported.
 */
export const staffNewRepair = z
  .object({
    tenant_id: uuid.optional(),
    thread_id: uuid.optional(),
    /** A repair of this building's common areas (stairwell, cellar, front door): no tenant (issue 25 §16). */
    building_id: uuid.optional(),
    type: repairType,
    location: repairLocation,
    urgency,
    description: requiredText(LIMITS.descriptionMax, "Die Beschreibung"),
  })
  .refine((r) => r.tenant_id !== undefined || r.thread_id !== undefined || r.building_id !== undefined, {
    message: "Bitte wählen Sie den Mieter oder das Haus, für das die Reparatur angelegt wird.",
    path: ["tenant_id"],
  })
  .refine((r) => r.building_id === undefined || (r.tenant_id === undefined && r.thread_id === undefined), {
    message:
      "Eine Reparatur der Allgemeinflächen gehört zu keinem Mieter. Bitte wählen Sie entweder das Haus oder den Mieter.",
    path: ["building_id"],
  });
export type StaffNewRepair = z.infer<typeof staffNewRepair>;

export const staffRepairCreated = z.object({ id: z.string() });
