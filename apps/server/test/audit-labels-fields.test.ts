import type { AuditEntry } from "@mieter-portal/contracts/staff";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ensureRentCharges } from "../src/domain/ledger/rent-charges.js";
import { berlinToday } from "../src/lib/time.js";
import { totpCodeNow } from "../src/lib/totp.js";
import { insertThread } from "./factories/messages.js";
import { addDays, insertPayment } from "./factories/payments.js";
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

// Issue 25 item 17, the rest of "Vorher/nachher": a failed sign-in said "Grund: password" in English,
// a notice's change showed an empty table, and a repair's time window, a reminder's amount and
// deadline and a reply's text were left out. Every field in German, values in euros and Berlin dates.

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.close();
});

const A = "Ahornweg 3, 10969 Berlin";
// Nothing shown may be a key, an id, cents, JSON — or a stored English word ("Information" is German
// too). E-mail addresses are left out of the check: they have dots, and are shown as they are.
const RAW =
  /[a-z_]+\.[a-z_]+|[0-9a-f]{8}-[0-9a-f]{4}-|_cents|[{}"]|\b(password|totp|emergency|water_outage|true|false|null)\b/i;

async function auditPage(token: string, query = ""): Promise<AuditEntry[]> {
  const res = await api(ctx.app, token).get(`/api/v1/staff/audit?limit=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: AuditEntry[] }).items;
}

function expectGerman(entries: AuditEntry[]) {
  for (const entry of entries) {
    for (const change of entry.changes) {
      const shown = `${change.field} ${change.before ?? ""} ${change.after ?? ""}`.replace(/\S+@\S+/g, "");
      expect(shown, entry.action).not.toMatch(RAW);
    }
  }
}

const signIn = (payload: Record<string, string>) =>
  ctx.app.inject({ method: "POST", url: "/api/v1/staff/auth/login", headers: { "x-api-key": API_KEY }, payload });

describe("Vorher/nachher in German (issue 25 item 17)", () => {
  it("gives a failed sign-in's reason in German: wrong password, unknown address, wrong or used code", async () => {
    const admin = await createStaffMember(ctx.db, "administrator");
    const verwalter = await createStaffMember(ctx.db, "verwalter", [A]);
    expect((await signIn({ email: verwalter.email, password: "falsch-falsch-1" })).statusCode).toBe(401);
    expect((await signIn({ email: "niemand@verwaltung.example", password: "falsch-falsch-1" })).statusCode).toBe(401);
    // One code twice: the second time it is already used.
    const code = totpCodeNow(admin.totpSecret as string);
    expect((await signIn({ email: admin.email, password: admin.password, totp: code })).statusCode).toBe(200);
    expect((await signIn({ email: admin.email, password: admin.password, totp: code })).statusCode).toBe(401);
    // Another Administrator reads the log (the first one's code of this step is spent).
    const adminToken = await staffLogin(ctx.app, await createStaffMember(ctx.db, "administrator"));

    const failed = await auditPage(adminToken, "&action=staff.sign_in_failed");
    expect(failed.map((e) => e.changes)).toEqual([
      [
        { field: "E-Mail", before: null, after: admin.email },
        { field: "Grund", before: null, after: "falscher oder bereits benutzter Code" },
      ],
      [
        { field: "E-Mail", before: null, after: "niemand@verwaltung.example" },
        { field: "Grund", before: null, after: "unbekannte E-Mail-Adresse" },
      ],
      [
        { field: "E-Mail", before: null, after: verwalter.email },
        { field: "Grund", before: null, after: "falsches Passwort" },
      ],
    ]);
    expectGerman(failed);
  });

  it("shows a notice's text, kind, outage window and how many tenants were mailed", async () => {
    await createTenant(ctx.db, { address: A, firstName: "Anna", lastName: "Ahorn" });
    const verwalter = await createStaffMember(ctx.db, "verwalter", [A]);
    const admin = await createStaffMember(ctx.db, "administrator");
    const token = await staffLogin(ctx.app, verwalter);
    const adminToken = await staffLogin(ctx.app, admin);
    const buildingId = (
      await ctx.db.selectFrom("buildings").select("id").where("address", "=", A).executeTakeFirstOrThrow()
    ).id;
    const created = await api(ctx.app, token).post("/api/v1/staff/notices", {
      building_id: buildingId,
      title: "Treppenhaus wird gereinigt",
      text: "Am Dienstag wird das Treppenhaus gereinigt.",
      kind: "information",
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const changed = await api(ctx.app, token).patch(`/api/v1/staff/notices/${id}`, {
      title: "Wasser abgestellt",
      text: "Wegen einer Reparatur ist das Wasser abgestellt.",
      kind: "emergency",
      emergency_type: "water_outage",
      outage_from: "2030-03-04T07:00:00.000Z",
      outage_until: "2030-03-04T11:00:00.000Z",
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const [update] = await auditPage(adminToken, "&action=notice.updated");
    expect(update?.changes).toEqual([
      { field: "Titel", before: "Treppenhaus wird gereinigt", after: "Wasser abgestellt" },
      {
        field: "Text",
        before: "Am Dienstag wird das Treppenhaus gereinigt.",
        after: "Wegen einer Reparatur ist das Wasser abgestellt.",
      },
      { field: "Art", before: "Information", after: "Störung" },
      { field: "Art der Störung", before: null, after: "Wasserausfall" },
      { field: "Störung ab", before: null, after: "04.03.2030, 08:00" },
      { field: "Störung bis", before: null, after: "04.03.2030, 12:00" },
      { field: "Per E-Mail benachrichtigt", before: null, after: "1 Mieter" },
    ]);
    const [creation] = await auditPage(adminToken, "&action=notice.created");
    expect(creation?.changes.map((c) => c.field)).toEqual(["Titel", "Text", "Art", "Gültig ab"]);
    expect(creation?.changes).toContainEqual({ field: "Art", before: null, after: "Information" });
    expectGerman([update as AuditEntry, creation as AuditEntry]);
  });

  it("shows a repair's time window, a reminder's amount and deadline, and a reply's text", async () => {
    const tenant = await createTenant(ctx.db, { address: A, firstName: "Anna", lastName: "Ahorn" });
    const verwalter = await createStaffMember(ctx.db, "verwalter", [A]);
    const admin = await createStaffMember(ctx.db, "administrator");
    const token = await staffLogin(ctx.app, verwalter);
    const adminToken = await staffLogin(ctx.app, admin);

    const reported = await api(ctx.app, await login(ctx.app, tenant)).post("/api/v1/tenant/repairs", {
      type: "plumbing",
      location: "kitchen",
      description: "Der Wasserhahn tropft.",
      urgency: "high",
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const scheduled = await api(ctx.app, token).post(`/api/v1/staff/repairs/${reported.json().id}/status`, {
      status: "scheduled",
      planned_date: "2030-03-04",
      planned_window: "8–12 Uhr",
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);

    const today = berlinToday();
    await insertPayment(ctx.db, tenant, { status: "pending", dueDate: addDays(today, -40), amountCents: 65_050 });
    await ensureRentCharges(ctx.db, { tenancyId: tenant.tenancyId });
    const reminded = await api(ctx.app, token).post(`/api/v1/staff/ledger/accounts/${tenant.tenancyId}/reminders`);
    expect(reminded.statusCode, reminded.body).toBe(201);
    const { pay_by: payBy, overdue } = reminded.json() as { pay_by: string; overdue: number };
    expect(overdue).toBeGreaterThanOrEqual(650.5);

    const { threadId } = await insertThread(ctx.db, tenant.id, "Heizung", [
      { direction: "outbound", receivedAt: new Date().toISOString(), content: "Die Heizung ist kalt." },
    ]);
    const replied = await api(ctx.app, token).post(`/api/v1/staff/threads/${threadId}/replies`, {
      content: "Der Techniker kommt morgen.",
    });
    expect(replied.statusCode, replied.body).toBe(200);

    const items = await auditPage(adminToken);
    const status = items.find((e) => e.action === "repair.status_changed");
    expect(status?.changes).toContainEqual({ field: "Zeitfenster", before: null, after: "8–12 Uhr" });
    expect(status?.changes).toContainEqual({ field: "Geplant am", before: null, after: "04.03.2030" });
    const reminder = items.find((e) => e.action === "ledger.reminder_sent");
    const [y, m, d] = payBy.split("-");
    expect(reminder?.changes).toEqual(
      expect.arrayContaining([
        {
          field: "Überfällig",
          before: null,
          after: new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(overdue),
        },
        { field: "Zahlen bis", before: null, after: `${d}.${m}.${y}` },
        { field: "An", before: null, after: tenant.email },
      ]),
    );
    const reply = items.find((e) => e.action === "message.replied");
    expect(reply?.changes).toEqual([{ field: "Nachricht", before: null, after: "Der Techniker kommt morgen." }]);
    expectGerman(items);
  });
});
