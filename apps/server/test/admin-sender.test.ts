import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRepair } from "../src/domain/repairs/rows.js";
import { nowIso } from "../src/lib/time.js";
import { adminIn } from "./factories/admin-cli.js";
import { createTenant, createTestContext, type TestContext } from "./helpers.js";

// Issue 25 item 6: the management signs one way everywhere, "Name, Firma" ("Sabine Krüger, Grünfeld
// Hausverwaltung") as live replies and the seed do. The command line's `--sender "Sabine Krüger"`
// wrote the bare name on messages, repair history and appointment changes.

let ctx: TestContext;
let company: string;
beforeAll(async () => {
  ctx = await createTestContext();
  company = ctx.config.brand.companyName;
});
afterAll(async () => {
  await ctx.close();
});

const admin = (...argv: string[]) => adminIn(ctx, ...argv);

describe("the command line signs as 'Name, Firma' (issue 25 item 6)", () => {
  it("send-message: a new conversation and a reply carry 'Sabine Krüger, <Firma>'; the audit log names her", async () => {
    const tenant = await createTenant(ctx.db);
    const started = await admin(
      "send-message",
      "--email",
      tenant.email,
      "--subject",
      "Schlüssel",
      "--content",
      "Ihr Schlüssel liegt bereit.",
      "--sender",
      "Sabine Krüger",
    );
    expect(started.code, started.err).toBe(0);
    const thread = await ctx.db
      .selectFrom("message_threads")
      .select("id")
      .where("tenant_id", "=", tenant.id)
      .executeTakeFirstOrThrow();
    const replied = await admin(
      "send-message",
      "--email",
      tenant.email,
      "--thread",
      thread.id,
      "--content",
      "Noch ein Hinweis.",
      "--sender",
      "Sabine Krüger",
    );
    expect(replied.code, replied.err).toBe(0);
    // Given already in the one format, it is not signed twice; without --sender the company writes.
    const again = await admin(
      "send-message",
      "--email",
      tenant.email,
      "--thread",
      thread.id,
      "--content",
      "Und noch einer.",
      "--sender",
      `Sabine Krüger, ${company}`,
    );
    expect(again.code, again.err).toBe(0);
    const plain = await admin("send-message", "--email", tenant.email, "--thread", thread.id, "--content", "Gruß.");
    expect(plain.code, plain.err).toBe(0);

    const senders = await ctx.db
      .selectFrom("messages")
      .select("sender_name")
      .where("thread_id", "=", thread.id)
      .orderBy("received_at")
      .orderBy("id")
      .execute();
    expect(senders.map((m) => m.sender_name)).toEqual([
      `Sabine Krüger, ${company}`,
      `Sabine Krüger, ${company}`,
      `Sabine Krüger, ${company}`,
      company,
    ]);
    expect(replied.out).toContain(`von Sabine Krüger, ${company} an`);
    const audit = await ctx.db
      .selectFrom("audit_log")
      .select("staff_name")
      .where("action", "in", ["message.started", "message.replied"])
      .where("entity_id", "=", thread.id)
      .execute();
    expect(new Set(audit.map((a) => a.staff_name))).toEqual(new Set(["Sabine Krüger", company]));
  });

  it("set-repair-status and propose-appointment write 'Sabine Krüger, <Firma>' in the history", async () => {
    const tenant = await createTenant(ctx.db);
    const repairId = await insertRepair(ctx.db, tenant.id, {
      type: "plumbing",
      location: "bathroom",
      description: "Die Toilettenspülung läuft ständig nach.",
      urgency: "medium",
      history: [{ status: "reported", at: nowIso(), actor: { kind: "tenant", name: "Erika Mustermann" } }],
    });
    const scheduled = await admin(
      "set-repair-status",
      "--id",
      repairId,
      "--status",
      "confirmed",
      "--sender",
      "Sabine Krüger",
    );
    expect(scheduled.code, scheduled.err).toBe(0);
    const history = await ctx.db
      .selectFrom("repair_status_history")
      .select(["status", "actor_name"])
      .where("repair_id", "=", repairId)
      .where("status", "=", "confirmed")
      .executeTakeFirstOrThrow();
    expect(history.actor_name).toBe(`Sabine Krüger, ${company}`);

    const proposed = await admin(
      "propose-appointment",
      "--email",
      tenant.email,
      "--type",
      "inspection",
      "--start",
      "2030-07-01T10:00",
      "--end",
      "2030-07-01T11:30",
      "--sender",
      "Sabine Krüger",
    );
    expect(proposed.code, proposed.err).toBe(0);
    const change = await ctx.db
      .selectFrom("appointment_status_changes")
      .innerJoin("appointments", "appointments.id", "appointment_status_changes.appointment_id")
      .select("appointment_status_changes.actor_name")
      .where("appointments.tenant_id", "=", tenant.id)
      .executeTakeFirstOrThrow();
    expect(change.actor_name).toBe(`Sabine Krüger, ${company}`);
  });
});
