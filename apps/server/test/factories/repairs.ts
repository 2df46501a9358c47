import type { RepairStatus } from "@mieter-portal/contracts";
import type { Db } from "../../src/db/connection.js";
import { insertRepair as insertRepairRow } from "../../src/domain/repairs/rows.js";
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

/**
 * A repair through domain/repairs/rows.ts with its first history entry (the tenant's report),
 * bypassing the API; a given status becomes the current one without further history.
 */
export function insertRepair(
  db: Db,
  tenantId: string,
  overrides: Partial<{ status: RepairStatus; reportedAt: string; description: string }> = {},
): Promise<string> {
  const reportedAt = overrides.reportedAt ?? new Date().toISOString();
  return insertRepairRow(db, tenantId, {
    type: "heating",
    location: "living-room",
    description: overrides.description ?? "Heizkörper wird nicht warm.",
    urgency: "medium",
    history: [{ status: "reported", at: reportedAt, actor: { kind: "tenant", name: "Erika Mustermann" } }],
    status: overrides.status ?? "reported",
  });
}
