import type { AuditEntry } from "@mieter-portal/contracts/staff";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  API_KEY,
  api,
  createStaffMember,
  createTenant,
  createTestContext,
  login,
  staffLogin,
  type TestContext,
} from "./helpers.js";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.close();
});

async function listedNames(token: string, limit = 100): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await api(ctx.app, token).get(
      `/api/v1/staff/tenants?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: { name: string }[]; next_cursor: string | null };
    names.push(...body.items.map((i) => i.name));
    cursor = body.next_cursor;
  } while (cursor);
  return names;
}

describe("the tenant list in German order (issue 25 item 19)", () => {
  const NAMES: [string, string][] = [
    ["Zoe", "Becker"],
    ["Anna", "Bäcker"],
    ["Otto", "Backer"],
    ["Emil", "(Firma) Zander"],
    ["Ida", "'t Hooft"],
    ["Paul", "Österreicher"],
    ["Lea", "Ober"],
    ["Max", "Straßer"],
    ["Ben", "Strasser"],
    ["Udo", "adler"],
    ["Eva", "Bäcker"],
  ];

  it("sorts like Intl.Collator('de'), page after page, on SQLite and PostgreSQL", async () => {
    for (const [firstName, lastName] of NAMES) await createTenant(ctx.db, { firstName, lastName });
    const admin = await createStaffMember(ctx.db, "administrator");
    const token = await staffLogin(ctx.app, admin);
    const expected = [...NAMES]
      .sort(
        ([f1, l1], [f2, l2]) =>
          new Intl.Collator("de", { ignorePunctuation: true }).compare(l1, l2) ||
          new Intl.Collator("de", { ignorePunctuation: true }).compare(f1, f2),
      )
      .map(([f, l]) => `${f} ${l}`);
    // Bäcker next to Becker, the symbols not first.
    expect(expected.slice(0, 5)).toEqual(["Udo adler", "Otto Backer", "Anna Bäcker", "Eva Bäcker", "Zoe Becker"]);
    expect(await listedNames(token)).toEqual(expected);
    // The cursor carries on in the same order.
    expect(await listedNames(token, 2)).toEqual(expected);
  });

  it("keeps the order when a tenant's name is changed", async () => {
    await createTenant(ctx.db, { firstName: "Zoe", lastName: "Becker" });
    await createTenant(ctx.db, { firstName: "Otto", lastName: "Backer" });
    const renamed = await createTenant(ctx.db, { firstName: "Anna", lastName: "Zander" });
    const admin = await createStaffMember(ctx.db, "administrator");
    const token = await staffLogin(ctx.app, admin);
    const res = await api(ctx.app, token).patch(`/api/v1/staff/tenants/${renamed.id}`, { last_name: "Bäcker" });
    expect(res.statusCode, res.body).toBe(200);
    expect(await listedNames(token)).toEqual(["Otto Backer", "Anna Bäcker", "Zoe Becker"]);
  });
});

describe("the audit log in German (issue 25 item 17)", () => {
  const A = "Ahornweg 3, 10969 Berlin";
  const staffName = async (id: string) =>
    (await ctx.db.selectFrom("staff_users").select("name").where("id", "=", id).executeTakeFirstOrThrow()).name;
  const auditPage = async (token: string, query = "") => {
    const res = await api(ctx.app, token).get(`/api/v1/staff/audit?limit=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: AuditEntry[] }).items;
  };
  // Nothing the console shows may be a key, an id, cents or JSON.
  const RAW = /[a-z_]+\.[a-z_]+|[0-9a-f]{8}-[0-9a-f]{4}-|_cents|[{}"]/;

  it("names the actor, the item and the tenant, and says Vorher/nachher in German", async () => {
    const tenant = await createTenant(ctx.db, { address: A, firstName: "Anna", lastName: "Ahorn" });
    const admin = await createStaffMember(ctx.db, "administrator");
    const verwalter = await createStaffMember(ctx.db, "verwalter", [A]);
    const adminToken = await staffLogin(ctx.app, admin);
    const tenantToken = await login(ctx.app, tenant);
    const reported = await api(ctx.app, tenantToken).post("/api/v1/tenant/repairs", {
      type: "plumbing",
      location: "kitchen",
      description: "Der Wasserhahn tropft.",
      urgency: "high",
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const repairId = reported.json().id as string;
    const assigned = await api(ctx.app, adminToken).post(`/api/v1/staff/inbox/repair/${repairId}/assign`, {
      assignee_id: verwalter.id,
    });
    expect(assigned.statusCode, assigned.body).toBeLessThan(300);
    const ended = await api(ctx.app, adminToken).post(`/api/v1/staff/tenants/${tenant.id}/tenancy/end`, {
      end_date: "2027-03-31",
    });
    expect(ended.statusCode, ended.body).toBe(200);

    const items = await auditPage(adminToken);
    const assignment = items.find((e) => e.action === "repair.assigned");
    expect(assignment).toMatchObject({
      staff: { id: admin.id, name: await staffName(admin.id) },
      action_label: "hat eine Reparatur zugewiesen",
      item: { kind: "repair", id: repairId, label: "Sanitär – Küche" },
      tenant: { id: tenant.id, name: "Anna Ahorn" },
      changes: [{ field: "Zuständig", before: null, after: await staffName(verwalter.id) }],
    });
    const end = items.find((e) => e.action === "tenancy.end");
    expect(end).toMatchObject({
      action_label: "hat ein Mietverhältnis beendet",
      item: { kind: "tenancy", id: tenant.tenancyId },
      tenant: { id: tenant.id, name: "Anna Ahorn" },
    });
    expect(end?.changes).toContainEqual({ field: "Ende", before: null, after: "31.03.2027" });
    for (const entry of items) {
      expect(entry.action_label, entry.action).not.toMatch(RAW);
      for (const change of entry.changes) {
        expect(`${change.field} ${change.before ?? ""} ${change.after ?? ""}`, entry.action).not.toMatch(RAW);
      }
    }
  });

  it("logs staff sign-ins and failed sign-ins, from where", async () => {
    const admin = await createStaffMember(ctx.db, "administrator");
    const verwalter = await createStaffMember(ctx.db, "verwalter", [A]);
    const wrong = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/staff/auth/login",
      headers: { "x-api-key": API_KEY },
      payload: { email: verwalter.email, password: "falsch-falsch-1" },
    });
    expect(wrong.statusCode).toBe(401);
    const nobody = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/staff/auth/login",
      headers: { "x-api-key": API_KEY },
      payload: { email: "niemand@verwaltung.example", password: "falsch-falsch-1" },
    });
    expect(nobody.statusCode).toBe(401);
    await staffLogin(ctx.app, verwalter);
    const adminToken = await staffLogin(ctx.app, admin);

    const failed = await auditPage(adminToken, "&action=staff.sign_in_failed");
    expect(failed).toHaveLength(2);
    expect(failed.map((e) => e.action_label)).toEqual([
      "hat sich vergeblich anzumelden versucht",
      "hat sich vergeblich anzumelden versucht",
    ]);
    expect(failed.map((e) => e.staff)).toEqual([
      { id: null, name: "niemand@verwaltung.example" },
      { id: verwalter.id, name: await staffName(verwalter.id) },
    ]);
    expect(failed[1]?.ip).toBeTruthy();
    const signedIn = await auditPage(adminToken, "&action=staff.signed_in");
    expect(signedIn.map((e) => e.staff.id)).toEqual([admin.id, verwalter.id]);
    expect(signedIn[0]).toMatchObject({ action_label: "hat sich angemeldet", item: { kind: "staff", id: admin.id } });
  });
});

describe("an Administrator resets a colleague's second factor (issue 25 item 22)", () => {
  it("ends the colleague's sessions, makes them set it up again, refuses one's own, and is audited", async () => {
    const admin = await createStaffMember(ctx.db, "administrator");
    const colleague = await createStaffMember(ctx.db, "administrator");
    const verwalter = await createStaffMember(ctx.db, "verwalter", ["Ahornweg 3, 10969 Berlin"]);
    const adminToken = await staffLogin(ctx.app, admin);
    const colleagueToken = await staffLogin(ctx.app, colleague);
    const verwalterToken = await staffLogin(ctx.app, verwalter);
    const reset = (token: string, id: string) => api(ctx.app, token).post(`/api/v1/staff/users/${id}/totp-reset`);

    expect((await reset(verwalterToken, colleague.id)).statusCode).toBe(403);
    const own = await reset(adminToken, admin.id);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toMatch(/^Ihren eigenen zweiten Faktor können Sie hier nicht zurücksetzen\./);
    const none = await reset(adminToken, verwalter.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe("Diese Person hat keinen zweiten Faktor eingerichtet.");

    const done = await reset(adminToken, colleague.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ id: colleague.id, totp_enabled: false });
    // The lost phone's sessions end; the password alone does not sign in: the factor is set up anew.
    expect((await api(ctx.app, colleagueToken).get("/api/v1/staff/auth/me")).statusCode).toBe(401);
    const again = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/staff/auth/login",
      headers: { "x-api-key": API_KEY },
      payload: { email: colleague.email, password: colleague.password },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toBe("totp_enrolment_required");
    // A second reset has nothing left to reset.
    expect((await reset(adminToken, colleague.id)).statusCode).toBe(409);

    const [entry, ...more] = (await api(ctx.app, adminToken).get("/api/v1/staff/audit?action=staff.totp_reset")).json()
      .items as AuditEntry[];
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      staff: { id: admin.id },
      action_label: "hat den zweiten Faktor eines Mitarbeiters zurückgesetzt",
      item: { kind: "staff", id: colleague.id },
      changes: [{ field: "Zweiter Faktor", before: "Ja", after: "Nein" }],
    });
  });
});
