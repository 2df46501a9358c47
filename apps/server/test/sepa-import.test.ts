import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runFileAt } from "./clock.js";
import { BUILDING_A } from "./factories/staff.js";
import { api, createStaffMember, createTestContext, staffLogin, type TestContext } from "./helpers.js";

// Issue 28: the tenant import takes signed SEPA mandates from the previous system where the sheet
// has them (IBAN, Mandat vom, Mandatsreferenz, Kontoinhaber): kept with their reference, refused in
// German when the IBAN or date is wrong or the reference is taken.

runFileAt("2026-02-20T09:00:00Z");

const HEADER =
  "Vorname;Nachname;Gebäude;Wohnung;Beginn;Kaltmiete;Nebenkosten;IBAN;Mandat vom;Mandatsreferenz;Kontoinhaber";
const row = (name: string, unit: string, rest: string) =>
  `${name};Import;${BUILDING_A};${unit};01.01.2020;600,00;150,00;${rest}`;

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await createStaffMember(ctx.db, "verwalter", [BUILDING_A]);
  token = await staffLogin(ctx.app, await createStaffMember(ctx.db, "verwalter", [BUILDING_A]));
  // The building exists once a tenancy is in it: one tenant first, through the import itself.
  await api(ctx.app, token).post("/api/v1/staff/tenants/import", {
    csv: [HEADER, row("Erste", "WE 0", ";;;")].join("\n"),
  });
});
afterAll(() => ctx.close());

describe("mandates in the tenant import", () => {
  it("keeps a mandate with its reference, gives one without a reference the portal's, refuses bad ones", async () => {
    const csv = [
      HEADER,
      row("Alt", "WE 1", "DE02 1203 0000 0000 2020 51;15.03.2019;ALTSYS-4711;Anna Alt"),
      row("Neu", "WE 2", "DE02500105170137075030;01.02.2026;;"),
      row("Falsch", "WE 3", "DE02500105170137075031;01.02.2026;;"),
      row("Ohne", "WE 4", "DE02100500000054540402;;;"),
      row("Doppelt", "WE 5", "DE02300209000106531065;01.02.2026;ALTSYS-4711;"),
    ].join("\n");
    const preview = (await api(ctx.app, token).post("/api/v1/staff/tenants/import/preview", { csv })).json();
    const problems = preview.rows.map((r: { problems: string[] }) => r.problems.join(" "));
    expect(problems[0]).toBe("");
    expect(preview.rows[0].warnings.join(" ")).toContain("Mandatsreferenz ALTSYS-4711");
    expect(problems[2]).toContain("IBAN „DE02500105170137075031“ ist ungültig");
    expect(problems[3]).toContain("Datum der Unterschrift");
    expect(problems[4]).toContain("steht schon in Zeile");
    const res = await api(ctx.app, token).post("/api/v1/staff/tenants/import", { csv });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 2, refused: 3 });
    const mandates = await ctx.db
      .selectFrom("sepa_mandates")
      .select(["reference", "iban", "debtor_name", "signed_on", "last_collection_on"])
      .orderBy("signed_on")
      .execute();
    expect(mandates).toHaveLength(2);
    expect(mandates[0]).toEqual({
      reference: "ALTSYS-4711",
      iban: "DE02120300000000202051",
      debtor_name: "Anna Alt",
      signed_on: "2019-03-15",
      last_collection_on: "2026-01-20",
    });
    expect(mandates[1]!.reference).toMatch(/^MP-[A-Z0-9]{4}-[A-Z0-9]{4}-01$/);
    const again = (
      await api(ctx.app, token).post("/api/v1/staff/tenants/import/preview", {
        csv: [HEADER, row("Später", "WE 9", "DE02120300000000202051;15.03.2019;ALTSYS-4711;")].join("\n"),
      })
    ).json();
    expect(again.rows[0].problems.join(" ")).toContain("„ALTSYS-4711“ ist schon vergeben");
  });
});
