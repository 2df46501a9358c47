import { describe, expect, it } from "vitest";
import { changeTypeOf, resourceOf, sortForSync, withTypeAndPriority } from "./ordering";
import { normalizePath } from "./paths";
import type { QueueEntry } from "./types";

let seq = 0;
function entry(
  method: QueueEntry["method"],
  url: string,
  timestamp: number,
  extra: Partial<QueueEntry> = {},
): QueueEntry {
  seq += 1;
  const type = changeTypeOf(method);
  return {
    id: `e${seq}`,
    url,
    method,
    data: null,
    bodyKind: "none",
    queryKey: [],
    type,
    priority: { create: 30, update: 20, delete: 40, read: 10 }[type],
    timestamp,
    retryCount: 0,
    lastRetry: null,
    error: null,
    idempotencyKey: `k${seq}`,
    tenantId: "t",
    label: url,
    detail: null,
    listed: true,
    status: "pending",
    resource: resourceOf(url, "tenant"),
    signature: `${method} ${url} ${seq}`,
    ...extra,
  };
}

describe("type and priority (spec sections 4 and 9)", () => {
  it("maps methods to types and fills missing type and priority", () => {
    expect(changeTypeOf("POST")).toBe("create");
    expect(changeTypeOf("put")).toBe("update");
    expect(changeTypeOf("PATCH")).toBe("update");
    expect(changeTypeOf("DELETE")).toBe("delete");
    expect(changeTypeOf("GET")).toBe("read");
    const bare = { ...entry("DELETE", "/api/v1/tenant/documents/d1", 1) } as Partial<QueueEntry>;
    delete bare.type;
    delete bare.priority;
    const filled = withTypeAndPriority(bare as QueueEntry);
    expect(filled.type).toBe("delete");
    expect(filled.priority).toBe(40);
  });
});

describe("normalizePath and resourceOf", () => {
  it("drops the API prefix and query, and names the touched resource", () => {
    expect(normalizePath("/api/v1/tenant/repairs?x=1")).toBe("/tenant/repairs");
    expect(normalizePath("/api/tenant/documents/")).toBe("/tenant/documents");
    expect(resourceOf("/api/v1/tenant/appointments/a%201/status", "tenant")).toBe("tenant/appointments/a 1");
    expect(resourceOf("/api/tenant/appointments/a 1", "tenant")).toBe("tenant/appointments/a 1");
    expect(resourceOf("/api/v1/tenant/repairs", "tenant")).toBeNull();
    // Another app's realm: the crew app's records under /staff.
    expect(resourceOf("/api/v1/staff/service-records/r1/finish", "staff")).toBe("staff/service-records/r1");
    expect(resourceOf("/api/v1/staff/service-records", "staff")).toBeNull();
  });
});

describe("sortForSync", () => {
  it("runs higher priority first, then older first (delete 40 > create 30 > update 20 > read 10)", () => {
    const update = entry("PATCH", "/api/v1/tenant/appointments/a1/status", 1);
    const createOld = entry("POST", "/api/v1/tenant/repairs", 2);
    const del = entry("DELETE", "/api/v1/tenant/documents/d9", 3);
    const createNew = entry("POST", "/api/v1/tenant/meter-readings", 4);
    const read = { ...entry("POST", "/api/v1/tenant/x", 0), type: "read" as const, priority: 10 };
    const sorted = sortForSync([read, createNew, update, del, createOld]);
    expect(sorted.map((e) => e.id)).toEqual([del.id, createOld.id, createNew.id, update.id, read.id]);
  });

  it("keeps the creation order of entries touching the same resource, whatever their priority", () => {
    // Made in this order: confirm (update 20) then delete (40) of the same appointment.
    const confirm = entry("PATCH", "/api/v1/tenant/appointments/a1/status", 10);
    const remove = entry("DELETE", "/api/v1/tenant/appointments/a1", 20);
    const other = entry("POST", "/api/v1/tenant/repairs", 15);
    const sorted = sortForSync([remove, other, confirm]);
    // The group takes the places of the spec order (first and last), filled in creation order.
    expect(sorted.map((e) => e.id)).toEqual([confirm.id, other.id, remove.id]);
  });

  it("orders confirm then cancel of one appointment as made, even when the clock gave them one millisecond", () => {
    const confirm = entry("PATCH", "/api/v1/tenant/appointments/a1/status", 5, { id: "b-confirm" });
    const cancel = entry("PATCH", "/api/v1/tenant/appointments/a1/status", 6, { id: "a-cancel" });
    expect(sortForSync([cancel, confirm]).map((e) => e.id)).toEqual(["b-confirm", "a-cancel"]);
  });

  it("does not change the input array", () => {
    const a = entry("POST", "/api/v1/tenant/repairs", 2);
    const b = entry("DELETE", "/api/v1/tenant/documents/d1", 1);
    const input = [a, b];
    sortForSync(input);
    expect(input).toEqual([a, b]);
  });
});
