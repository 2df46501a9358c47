import { insertAppointment } from "../../domain/appointments/rows.js";
import { insertDocument } from "../../domain/documents/rows.js";
import { insertInvoice, insertPayments } from "../../domain/ledger/rows.js";
import { insertThread } from "../../domain/messages/rows.js";
import { staffSignatureOf } from "../../domain/messages/staff-threads.js";
import { insertTenancy, insertTenant } from "../../domain/tenants/rows.js";
import { germanDate, germanEuros, monthlyDueDates } from "./calendar.js";
import type { Actor } from "./context.js";
import { DEMO_EMAIL, DEMO_STAFF, rentPayments, type SeedContext } from "./context.js";
import { seedMeterReadings, seedRepairs } from "./demo-anna-upkeep.js";
import { createPdf } from "./pdf.js";

/** The spec's sample tenant: rent 750 = 550 + 200 by SEPA direct debit on the 3rd, and a lived-in account. */

const ADDRESS = "Lindenstraße 5, 10969 Berlin";
const APARTMENT = "3. OG links";
const BASE_RENT = 55_000;
const UTILITIES = 20_000;
const OPEN_CLAIM = 18_450;
const SETTLED_CLAIM = 9_620;

export async function seedAnna(ctx: SeedContext): Promise<string> {
  const { db, files, cal, company } = ctx;
  const anna: Actor = { kind: "tenant", name: "Anna Schneider" };
  // Signed as the live replies are: "Name, Firma" (issue 25 §6).
  const staff: Actor = { kind: "staff", name: staffSignatureOf(DEMO_STAFF.name, company) };
  const system: Actor = { kind: "system", name: "Mieter-Portal" };
  const y = cal.year;
  const tenancyStart = `${y - 6}-04-01`;

  const tenantId = await insertTenant(db, {
    email: DEMO_EMAIL,
    passwordHash: ctx.passwordHash,
    firstName: "Anna",
    lastName: "Schneider",
    createdAt: cal.atDate(`${y - 6}-03-10`, 11),
  });
  const tenancyId = await insertTenancy(db, tenantId, {
    address: ADDRESS,
    apartmentNumber: APARTMENT,
    startDate: tenancyStart,
    baseRentCents: BASE_RENT,
    utilitiesCents: UTILITIES,
    paymentMethod: "sepa_direct_debit",
    dueDay: 3,
    ibanLast4: "4821",
    createdAt: cal.atDate(`${y - 6}-03-10`, 11),
  });

  // Rent: every month of the last three calendar years up to now, then next month's pending instalment.
  await insertPayments(
    db,
    tenantId,
    tenancyId,
    rentPayments(monthlyDueDates(`${y - 2}-01`, 3), BASE_RENT + UTILITIES, cal),
  );
  const claimDue = cal.day(18);
  await insertInvoice(db, tenantId, {
    title: `Nebenkostennachzahlung ${y - 1}`,
    amountCents: OPEN_CLAIM,
    issuedAt: cal.at(-12, 10),
    dueDate: claimDue,
    paidAt: null,
  });
  await insertInvoice(db, tenantId, {
    title: `Nebenkostennachzahlung ${y - 2}`,
    amountCents: SETTLED_CLAIM,
    issuedAt: cal.atDate(`${y - 1}-06-12`, 10),
    dueDate: `${y - 1}-07-12`,
    paidAt: cal.atDate(`${y - 1}-07-08`, 9),
  });

  // Messages: newest first as the inbox shows them; two unread, one conversation with the tenant's replies.
  const smokeDate = cal.day(5);
  const heaterDate = cal.day(12);
  const inbound = (content: string, receivedAt: string, readAt: string | null) => ({
    direction: "inbound" as const,
    actor: staff,
    staffUserId: ctx.staffUserId,
    content,
    receivedAt,
    readAt,
  });
  const outbound = (content: string, receivedAt: string) => ({
    direction: "outbound" as const,
    actor: anna,
    content,
    receivedAt,
    readAt: receivedAt,
  });
  await insertThread(db, tenantId, "Rauchmelderwartung", [
    inbound(
      `Guten Tag Anna Schneider,\n\nam ${germanDate(smokeDate)} zwischen 10:00 und 11:00 Uhr prüft die Firma ` +
        "Brandschutz Meyer die Rauchmelder in Ihrer Wohnung. Bitte ermöglichen Sie den Zugang oder schlagen Sie " +
        "unter „Termine“ einen anderen Termin vor. Vielen Dank für Ihre Mithilfe!",
      cal.at(-1, 9, 12),
      null,
    ),
  ]);
  await insertThread(db, tenantId, `Ihre Nebenkostenabrechnung ${y - 1}`, [
    inbound(
      `Guten Tag Anna Schneider,\n\nIhre Nebenkostenabrechnung für ${y - 1} liegt unter „Dokumente“ bereit. ` +
        `Es ergibt sich eine Nachzahlung von ${germanEuros(OPEN_CLAIM)}, fällig am ${germanDate(claimDue)}.`,
      cal.at(-12, 10, 5),
      null,
    ),
  ]);
  await insertThread(db, tenantId, "Heizkörper im Schlafzimmer", [
    outbound(
      "Hallo, der Heizkörper im Schlafzimmer bleibt kalt. Können Sie bitte jemanden schicken?",
      cal.at(-9, 19, 40),
    ),
    inbound(
      "Danke für Ihre Meldung. Wir haben die Firma Wärmetechnik Schulz beauftragt. Passt Ihnen ein Vormittag?",
      cal.at(-8, 11, 15),
      cal.at(-8, 18, 2),
    ),
    outbound("Ja, vormittags bin ich zu Hause. Bitte vorher klingeln.", cal.at(-8, 18, 10)),
    inbound(
      `Der Monteur kommt am ${germanDate(heaterDate)} zwischen 8 und 12 Uhr. Sie finden den Termin unter „Termine“.`,
      cal.at(-7, 9, 30),
      cal.at(-7, 12, 44),
    ),
  ]);
  await insertThread(db, tenantId, "Treppenhausreinigung: neuer Dienstleister", [
    inbound(
      "Ab dem kommenden Monat reinigt die Firma Glanzwerk das Treppenhaus jeden Dienstag. Die Kosten bleiben gleich.",
      cal.at(-30, 14),
      cal.at(-29, 8, 20),
    ),
  ]);
  await insertThread(db, tenantId, "Willkommen im Mieter-Portal", [
    {
      direction: "inbound",
      actor: { kind: "system", name: company },
      content: `Willkommen im Mieter-Portal von ${company}! Hier finden Sie Dokumente, Zahlungen und Termine.`,
      receivedAt: cal.at(-60, 8),
      readAt: cal.at(-60, 17, 3),
    },
  ]);

  // Appointments: one pending proposal, one confirmed visit, and the past.
  await insertAppointment(db, tenantId, {
    type: "inspection",
    title: "Rauchmelderwartung",
    status: "pending",
    origin: "management",
    startTime: cal.atDate(smokeDate, 10),
    endTime: cal.atDate(smokeDate, 11),
    location: `${ADDRESS}, ${APARTMENT}`,
    notes: "Prüfung durch Brandschutz Meyer",
    changes: [{ status: "pending", at: cal.at(-1, 9, 10), actor: staff }],
  });
  await insertAppointment(db, tenantId, {
    type: "repair",
    title: "Reparatur Heizkörper Schlafzimmer",
    status: "confirmed",
    origin: "tenant",
    startTime: cal.atDate(heaterDate, 8),
    endTime: cal.atDate(heaterDate, 12),
    requestedDate: heaterDate,
    timeSlot: "morning",
    notes: "Bitte vorher klingeln.",
    location: `${ADDRESS}, ${APARTMENT}`,
    changes: [
      { status: "pending", at: cal.at(-8, 18, 12), actor: anna },
      { status: "confirmed", at: cal.at(-7, 9, 30), actor: staff },
    ],
  });
  const walkDate = cal.day(-45);
  await insertAppointment(db, tenantId, {
    type: "inspection",
    title: "Wohnungsbegehung",
    status: "completed",
    origin: "management",
    startTime: cal.atDate(walkDate, 14),
    endTime: cal.atDate(walkDate, 15),
    location: `${ADDRESS}, ${APARTMENT}`,
    changes: [
      { status: "pending", at: cal.at(-60, 10), actor: staff },
      { status: "confirmed", at: cal.at(-58, 20, 15), actor: anna },
      { status: "completed", at: cal.at(-45, 15, 10), actor: staff },
    ],
  });
  const consultDate = cal.day(-120);
  await insertAppointment(db, tenantId, {
    type: "consultation",
    title: "Beratung zur Nebenkostenabrechnung",
    status: "completed",
    origin: "tenant",
    startTime: cal.atDate(consultDate, 16),
    endTime: cal.atDate(consultDate, 18),
    requestedDate: consultDate,
    timeSlot: "evening",
    location: "Büro Gartenstraße 12",
    changes: [
      { status: "pending", at: cal.at(-127, 12), actor: anna },
      { status: "confirmed", at: cal.at(-126, 9), actor: staff },
      { status: "completed", at: cal.at(-120, 18, 5), actor: staff },
    ],
  });

  // Documents of every type, each a real PDF.
  const pdf = (title: string, lines: string[], at: string) =>
    createPdf({ title, lines: [company, "", ...lines], author: company, createdAt: new Date(at) });
  const documents = [
    {
      title: "Mietvertrag",
      type: "contract" as const,
      filename: "Mietvertrag_Lindenstrasse_5.pdf",
      at: cal.atDate(`${y - 6}-03-10`, 11),
      lines: [
        "Mieterin: Anna Schneider",
        `Mietobjekt: ${ADDRESS}, ${APARTMENT}`,
        `Mietbeginn: ${germanDate(tenancyStart)}`,
        `Grundmiete: ${germanEuros(BASE_RENT)} monatlich`,
        `Nebenkostenvorauszahlung: ${germanEuros(UTILITIES)} monatlich`,
        `Gesamtmiete: ${germanEuros(BASE_RENT + UTILITIES)}, fällig zum 3. eines Monats`,
      ],
    },
    {
      title: "Hausordnung",
      type: "house_rules" as const,
      filename: "Hausordnung_Lindenstrasse_5.pdf",
      at: cal.atDate(`${y - 6}-03-10`, 11, 5),
      lines: ["Ruhezeiten: 22:00 bis 6:00 Uhr und sonntags.", "Fahrräder bitte nur im Fahrradkeller abstellen."],
    },
    {
      title: `Mietbescheinigung ${y}`,
      type: "receipt" as const,
      filename: `Mietbescheinigung_${y}.pdf`,
      at: cal.at(-40, 10),
      lines: [
        `Wir bestätigen, dass Frau Anna Schneider seit ${germanDate(tenancyStart)} Mieterin der Wohnung`,
        `${ADDRESS}, ${APARTMENT} ist und die Miete pünktlich zahlt.`,
      ],
    },
    {
      title: `Nebenkostenabrechnung ${y - 2}`,
      type: "utility" as const,
      filename: `Nebenkostenabrechnung_${y - 2}.pdf`,
      at: cal.atDate(`${y - 1}-06-12`, 10),
      lines: [`Abrechnungszeitraum: 01.01.${y - 2} bis 31.12.${y - 2}`, `Nachzahlung: ${germanEuros(SETTLED_CLAIM)}`],
    },
    {
      title: `Nebenkostenabrechnung ${y - 1}`,
      type: "utility" as const,
      filename: `Nebenkostenabrechnung_${y - 1}.pdf`,
      at: cal.at(-12, 10),
      lines: [
        `Abrechnungszeitraum: 01.01.${y - 1} bis 31.12.${y - 1}`,
        `Nachzahlung: ${germanEuros(OPEN_CLAIM)}, fällig am ${germanDate(claimDue)}`,
      ],
    },
  ];
  for (const d of documents) {
    await insertDocument(db, files, tenantId, {
      title: d.title,
      type: d.type,
      bytes: await pdf(d.title, d.lines, d.at),
      filename: d.filename,
      mimeType: "application/pdf",
      uploadedAt: d.at,
      actorKind: "staff",
    });
  }
  const uploadedAt = cal.at(-25, 20, 14);
  await insertDocument(db, files, tenantId, {
    title: "Nachweis Hausratversicherung",
    type: "personal",
    bytes: await createPdf({
      title: "Nachweis Hausratversicherung",
      lines: ["Versicherungsnehmerin: Anna Schneider", `Versicherungsort: ${ADDRESS}`],
      author: "Anna Schneider",
      createdAt: new Date(uploadedAt),
    }),
    filename: "Hausratversicherung.pdf",
    mimeType: "application/pdf",
    uploadedAt,
    actorKind: "tenant",
  });

  await seedMeterReadings(ctx, tenantId);
  await seedRepairs(ctx, tenantId, { anna, staff, system, heaterDate });
  return tenantId;
}
