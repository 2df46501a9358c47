import { randomUUID } from "node:crypto";
import type { RepairStatus } from "@mieter-portal/contracts";
import type { Db } from "../../src/db/connection.js";
import { fixture } from "./documents.js";

/** A data URL as the app's photo picker produces it. */
export const dataUrl = (bytes: Buffer, mime = "image/jpeg") => `data:${mime};base64,${bytes.toString("base64")}`;

/** A photo upload object of the JSON requests, from a sample file. */
export function photo(
  name = "sample.jpg",
  overrides: Partial<{ mime: string; filename: string | null; format: string }> = {},
) {
  return {
    dataUrl: dataUrl(fixture(name), overrides.mime ?? "image/jpeg"),
    format: overrides.format ?? "jpeg",
    filename: overrides.filename === undefined ? name : overrides.filename,
  };
}

export function repairPayload(overrides: Record<string, unknown> = {}) {
  return {
    type: "plumbing",
    location: "bathroom",
    description: "Der Wasserhahn im Bad tropft seit gestern.",
    urgency: "high",
    ...overrides,
  };
}

/** Inserts a repair row directly (with its first history entry), bypassing the API. */
export async function insertRepair(
  db: Db,
  tenantId: string,
  overrides: Partial<{ status: RepairStatus; reportedAt: string; description: string }> = {},
): Promise<string> {
  const id = randomUUID();
  const reportedAt = overrides.reportedAt ?? new Date().toISOString();
  await db
    .insertInto("repairs")
    .values({
      id,
      tenant_id: tenantId,
      type: "heating",
      location: "living-room",
      description: overrides.description ?? "Heizkörper wird nicht warm.",
      urgency: "medium",
      status: overrides.status ?? "reported",
      reported_at: reportedAt,
      planned_date: null,
      completed_at: null,
      updated_at: reportedAt,
    })
    .execute();
  await db
    .insertInto("repair_status_history")
    .values({
      id: randomUUID(),
      repair_id: id,
      status: "reported",
      changed_at: reportedAt,
      actor_kind: "tenant",
      actor_name: "Erika Mustermann",
      note: null,
    })
    .execute();
  return id;
}
