import { insertAppointment } from "../../domain/appointments/rows.js";
import { insertDocument } from "../../domain/documents/rows.js";
import { insertPayments } from "../../domain/ledger/rows.js";
import { insertThread } from "../../domain/messages/rows.js";
import { staffSignatureOf } from "../../domain/messages/staff-threads.js";
import { insertMeterReading } from "../../domain/meter-readings/rows.js";
import { insertRepair } from "../../domain/repairs/rows.js";
import { insertTenancy, insertTenant } from "../../domain/tenants/rows.js";
import { addMonths } from "../../lib/time.js";
import { monthlyDueDates } from "./calendar.js";
import type { Actor } from "./context.js";
import { DEMO_STAFF, NEIGHBOUR_EMAIL, rentPayments, type SeedContext } from "./context.js";
import { createPdf } from "./pdf.js";

/** The neighbour in the same building: a second account whose rows must never show up for the first. */

const ADDRESS = "Lindenstraße 5, 10969 Berlin";
const APARTMENT = "1. OG rechts";

export async function seedJonas(ctx: SeedContext): Promise<string> {
  const { db, files, cal, company } = ctx;
  const jonas: Actor = { kind: "tenant", name: "Jonas Weber" };
  const staff: Actor = { kind: "staff", name: staffSignatureOf(DEMO_STAFF.name, company) };
  const start = addMonths(`${cal.today.slice(0, 7)}-01`, -14);

  const tenantId = await insertTenant(db, {
    email: NEIGHBOUR_EMAIL,
    passwordHash: ctx.passwordHash,
    firstName: "Jonas",
    lastName: "Weber",
    createdAt: cal.atDate(addMonths(start, -1), 10),
  });
  const tenancyId = await insertTenancy(db, tenantId, {
    address: ADDRESS,
    apartmentNumber: APARTMENT,
    startDate: start,
    baseRentCents: 46_000,
    utilitiesCents: 16_000,
    paymentMethod: "standing_order",
    dueDay: 1,
    createdAt: cal.atDate(addMonths(start, -1), 10),
  });
  await insertPayments(db, tenantId, tenancyId, rentPayments(monthlyDueDates(start.slice(0, 7), 1), 62_000, cal));

  await insertThread(db, tenantId, "Fahrradkeller: neue Schlösser", [
    {
      direction: "inbound",
      actor: staff,
      staffUserId: ctx.staffUserId,
      content:
        "Guten Tag Jonas Weber,\n\nab Montag hat der Fahrradkeller ein neues Schloss. Ihr Schlüssel liegt im Büro.",
      receivedAt: cal.at(-3, 11, 20),
      readAt: null,
    },
  ]);

  const visit = cal.day(8);
  await insertAppointment(db, tenantId, {
    type: "inspection",
    title: "Ablesung Heizkostenverteiler",
    status: "pending",
    origin: "management",
    startTime: cal.atDate(visit, 14),
    endTime: cal.atDate(visit, 15),
    location: `${ADDRESS}, ${APARTMENT}`,
    changes: [{ status: "pending", at: cal.at(-2, 9), actor: staff }],
  });

  const contractAt = cal.atDate(addMonths(start, -1), 10);
  await insertDocument(db, files, tenantId, {
    title: "Mietvertrag",
    type: "contract",
    bytes: await createPdf({
      title: "Mietvertrag",
      lines: [company, "", "Mieter: Jonas Weber", `Mietobjekt: ${ADDRESS}, ${APARTMENT}`],
      author: company,
      createdAt: new Date(contractAt),
    }),
    filename: "Mietvertrag_Weber.pdf",
    mimeType: "application/pdf",
    uploadedAt: contractAt,
    actorKind: "staff",
  });

  await insertMeterReading(db, tenantId, {
    readingDate: `${cal.year - 1}-12-30`,
    submittedAt: cal.atDate(`${cal.year - 1}-12-30`, 20, 45),
    waterMilli: 98_115,
    electricityMilli: 5_320_000,
    heatingMilli: 12_775_500,
  });

  await insertRepair(db, tenantId, {
    type: "plumbing",
    location: "kitchen",
    description: "Der Abfluss der Küchenspüle läuft sehr langsam ab.",
    urgency: "medium",
    history: [
      { status: "reported", at: cal.at(-4, 7, 30), actor: jonas },
      { status: "confirmed", at: cal.at(-4, 13), actor: staff },
    ],
  });
  return tenantId;
}
