import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestAppointment } from "../src/domain/appointments/appointments.js";
import { appointmentCalendar, escapeText, foldLine } from "../src/lib/appointment-calendar.js";
import { berlinToUtc } from "../src/lib/time.js";
import { workingDayAhead } from "./factories/dates.js";
import { BUILDING_A, BUILDING_B, COMPANY, outboxTo, writeCounts } from "./factories/staff.js";
import {
  api,
  createStaffMember,
  createTenant,
  createTestContext,
  login,
  type StaffFixture,
  staffLogin,
  type TenantFixture,
  type TestContext,
} from "./helpers.js";

// Issue 25 §1 and §14: the management's note reaches the tenant (app and API) and the console's
// history; staff move or cancel a confirmed appointment with a reason; appointment mails carry an
// .ics (read back from the real file outbox, DATA_DIR/outbox).

const STAFF = "/api/v1/staff/appointments";
const TENANT = "/api/v1/tenant/appointments";

let ctx: TestContext;
let tenantA: TenantFixture;
const people: Record<string, StaffFixture> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  // No mailer given: the app writes each mail as .eml into DATA_DIR/outbox.
  ctx = await createTestContext();
  tenantA = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Anna", lastName: "Alt" });
  people.verwalterA = await createStaffMember(ctx.db, "verwalter", [BUILDING_A]);
  people.verwalterB = await createStaffMember(ctx.db, "verwalter", [BUILDING_B]);
  people.hausmeisterA = await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]);
  for (const [name, person] of Object.entries(people)) tokens[name] = await staffLogin(ctx.app, person);
  tokens.tenantA = await login(ctx.app, tenantA);
});
afterAll(() => ctx.close());

const as = (who: string) => api(ctx.app, tokens[who]);
const berlin = (date: string, hour: number, minute = 0) => berlinToUtc(date, hour, minute).toISOString();

let dayOffset = 3;
async function tenantRequest() {
  const date = workingDayAhead(dayOffset++);
  const mail = { company: COMPANY, publicUrl: ctx.config.publicUrl };
  const created = await requestAppointment(
    ctx.db,
    { tenantId: tenantA.id, name: "Anna Alt" },
    { type: "repair", date, timeSlot: "morning", notes: null },
    mail,
  );
  return { id: created.id, date };
}

/** Decodes one MIME part's body (base64, quoted-printable or plain). */
function decodePart(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const joined = body.replace(/=\r?\n/g, "");
    const bytes: number[] = [];
    for (let i = 0; i < joined.length; i++) {
      if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
        bytes.push(Number.parseInt(joined.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(...Buffer.from(joined[i]!, "utf8"));
    }
    return Buffer.from(bytes).toString("utf8");
  }
  return body;
}

/** Every MIME part of an .eml (recursively), with its headers and decoded body. */
function mimeParts(raw: string): { headers: string; body: string }[] {
  const boundaries = [...raw.matchAll(/boundary="?([^"\r\n;]+)"?/gi)].map((m) => m[1]!);
  const parts: { headers: string; body: string }[] = [];
  for (const boundary of boundaries) {
    for (const chunk of raw.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith("--")) continue;
      const split = chunk.search(/\r?\n\r?\n/);
      const headers = chunk.slice(0, split);
      if (/content-type:\s*multipart/i.test(headers)) continue;
      const body = chunk
        .slice(split)
        .replace(/^\r?\n\r?\n/, "")
        .replace(/\r?\n$/, "");
      parts.push({ headers, body: decodePart(headers, body) });
    }
  }
  return parts;
}

/** The .eml files about one appointment sent to an address whose subject contains `subject`. */
async function outboxMails(to: string, subject: string, appointmentId: string) {
  await ctx.app.notifications.runOnce();
  const dir = path.join(ctx.dataDir, "outbox");
  const files = (await readdir(dir)).sort();
  const mails: string[] = [];
  for (const file of files) {
    const raw = await readFile(path.join(dir, file), "utf8");
    // RFC 2047: the whitespace between two adjacent encoded words is not part of the text.
    const unfoldedSubject = raw.replace(/\?=\r?\n[ \t]+=\?UTF-8\?Q\?/gi, "").replace(/\r?\n[ \t]+/g, " ");
    const subjectLine = /^Subject: (.*)$/m.exec(unfoldedSubject)?.[1] ?? "";
    const decodedSubject = subjectLine.replace(/=\?utf-8\?Q\?(.*?)\?=/gi, (_m, q: string) =>
      decodePart("Content-Transfer-Encoding: quoted-printable", q.replace(/_/g, " ")),
    );
    if (!raw.includes(`To: ${to}`) || !decodedSubject.replace(/\s+/g, " ").includes(subject)) continue;
    if (mimeParts(raw).some((part) => part.body.includes(appointmentId))) mails.push(raw);
  }
  return mails;
}

/** The properties of an .ics, parsed back per RFC 5545 (CRLF lines, unfolded, unescaped text). */
function parseIcs(ics: string): Record<string, string> {
  expect(ics.endsWith("\r\n")).toBe(true);
  expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
  const unfolded = ics.replace(/\r\n /g, "");
  const props: Record<string, string> = {};
  for (const line of unfolded.split("\r\n").filter(Boolean)) {
    const colon = line.search(/:(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    const name = line.slice(0, colon).split(";")[0]!;
    const value = line.slice(colon + 1);
    props[name] = /^(SUMMARY|LOCATION|DESCRIPTION)$/.test(name)
      ? value.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === "n" || c === "N" ? "\n" : c))
      : value;
  }
  return props;
}

/**
 * The termin.ics attachment of a mail (base64, byte for byte as written); the mail also carries it
 * as its text/calendar alternative with the METHOD in the content type.
 */
function icsOf(raw: string): string {
  const parts = mimeParts(raw);
  const method = /^METHOD:(\w+)/m.exec(
    parts.find((p) => /content-type:\s*text\/calendar/i.test(p.headers))?.body ?? "",
  );
  expect(parts.some((p) => new RegExp(`text/calendar;.*method=${method?.[1]}`, "i").test(p.headers))).toBe(true);
  const part = parts.find((p) => /content-type:\s*application\/ics;\s*name=termin\.ics/i.test(p.headers));
  expect(part, "the mail carries an .ics").toBeDefined();
  return part!.body;
}

describe("the management's note reaches the tenant and the console (issue 25 §1)", () => {
  it("keeps the note of an acceptance with the appointment: tenant API, list, staff API and its history", async () => {
    const { id, date } = await tenantRequest();
    const note = "Der Techniker klingelt zweimal; bitte den Keller aufschließen.";
    const res = await as("verwalterA").post(`${STAFF}/${id}/accept`, {
      start: berlin(date, 9),
      end: berlin(date, 10),
      note_to_tenant: note,
    });
    expect(res.statusCode).toBe(200);

    const seen = await as("tenantA").get(`${TENANT}/${id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ status: "confirmed", management_note: note });
    const list = (await as("tenantA").get(TENANT)).json();
    expect(list.find((a: { id: string }) => a.id === id)).toMatchObject({ management_note: note });

    const staff = (await as("verwalterA").get(`${STAFF}/${id}`)).json();
    expect(staff.management_note).toBe(note);
    expect(staff.history.map((h: { status: string; actor_kind: string; note: string | null }) => h)).toMatchObject([
      { status: "pending", actor_kind: "tenant", note: null },
      { status: "confirmed", actor_kind: "staff", note },
    ]);
  });

  it("shows the reason of a declined request to the tenant as the management's note", async () => {
    const { id } = await tenantRequest();
    const reason = "Am Wunschtag ist niemand im Haus; bitte fragen Sie einen anderen Tag an.";
    expect((await as("verwalterA").post(`${STAFF}/${id}/decline`, { reason })).statusCode).toBe(200);
    expect((await as("tenantA").get(`${TENANT}/${id}`)).json()).toMatchObject({
      status: "canceled",
      management_note: reason,
    });
  });
});

describe("staff move or cancel a confirmed appointment; the mails carry an .ics (issue 25 §14)", () => {
  it("accept → REQUEST, move → REQUEST with a higher SEQUENCE, cancel → CANCEL, one UID throughout", async () => {
    const { id, date } = await tenantRequest();
    const accepted = await as("verwalterA").post(`${STAFF}/${id}/accept`, {
      start: berlin(date, 10),
      end: berlin(date, 11, 30),
      location: "Keller, Raum 3; Zugang über den Hof",
      note_to_tenant: "Bitte Zählerschrank freiräumen, danke.",
    });
    expect(accepted.statusCode).toBe(200);
    const [acceptMail] = await outboxMails(tenantA.email, "Ihr Termin wurde bestätigt", id);
    expect(acceptMail).toBeDefined();
    const first = parseIcs(icsOf(acceptMail!));
    expect(first).toMatchObject({
      METHOD: "REQUEST",
      STATUS: "CONFIRMED",
      DTSTART: berlin(date, 10).replace(/[-:]/g, "").replace(".000", ""),
      DTEND: berlin(date, 11, 30).replace(/[-:]/g, "").replace(".000", ""),
      LOCATION: "Keller, Raum 3; Zugang über den Hof",
      SUMMARY: `Reparaturtermin (${COMPANY})`,
    });
    expect(first.DESCRIPTION).toContain("Bitte Zählerschrank freiräumen, danke.");
    expect(first.UID).toContain(id);
    expect(first.ATTENDEE).toBe(`mailto:${tenantA.email}`);

    // Moving a confirmed appointment needs a reason; nothing is written without one.
    const nextDay = workingDayAhead(dayOffset++);
    const counts = await writeCounts(ctx.db);
    const noReason = await as("verwalterA").post(`${STAFF}/${id}/propose`, {
      start: berlin(nextDay, 14),
      end: berlin(nextDay, 15),
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toMatchObject({
      note_to_tenant: "Bitte nennen Sie dem Mieter den Grund, warum der Termin verschoben wird.",
    });
    expect(await writeCounts(ctx.db)).toEqual(counts);

    const reason = "Der Handwerker ist erkrankt.";
    const moved = await as("hausmeisterA").post(`${STAFF}/${id}/propose`, {
      start: berlin(nextDay, 14),
      end: berlin(nextDay, 15),
      note_to_tenant: reason,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ status: "pending", origin: "management", management_note: reason });
    expect((await as("tenantA").get(`${TENANT}/${id}`)).json()).toMatchObject({
      status: "pending",
      management_note: reason,
    });
    const [moveMail] = await outboxMails(tenantA.email, "Ihr Termin wurde verschoben", id);
    expect(moveMail).toBeDefined();
    const moveRow = (await outboxTo(ctx.db, tenantA.id)).find((m) => m.kind === "appointment_rescheduled");
    expect(moveRow!.body).toContain(reason);
    expect(moveRow!.body).toContain("Bisher:");
    const second = parseIcs(icsOf(moveMail!));
    expect(second).toMatchObject({ METHOD: "REQUEST", UID: first.UID, STATUS: "TENTATIVE" });
    expect(Number(second.SEQUENCE)).toBeGreaterThan(Number(first.SEQUENCE));
    expect(second.DTSTART).toBe(berlin(nextDay, 14).replace(/[-:]/g, "").replace(".000", ""));

    // The tenant confirms the new time; then the management cancels it with a reason.
    expect((await as("tenantA").patch(`${TENANT}/${id}/status`, { status: "confirmed" })).statusCode).toBe(200);
    const cancelReason = "Die Reparatur hat sich erledigt, der Zähler wurde getauscht.";
    expect((await as("verwalterA").post(`${STAFF}/${id}/decline`, { reason: cancelReason })).statusCode).toBe(200);
    expect((await as("tenantA").get(`${TENANT}/${id}`)).json()).toMatchObject({
      status: "canceled",
      management_note: cancelReason,
    });
    const [cancelMail] = await outboxMails(tenantA.email, "Ihr Termin wurde abgesagt", id);
    expect(cancelMail).toBeDefined();
    const third = parseIcs(icsOf(cancelMail!));
    expect(third).toMatchObject({ METHOD: "CANCEL", UID: first.UID, STATUS: "CANCELLED" });
    expect(Number(third.SEQUENCE)).toBeGreaterThan(Number(second.SEQUENCE));

    const history = (await as("verwalterA").get(`${STAFF}/${id}`)).json().history;
    expect(history.map((h: { status: string; note: string | null }) => [h.status, h.note])).toEqual([
      ["pending", null],
      ["confirmed", "Bitte Zählerschrank freiräumen, danke."],
      ["pending", reason],
      ["confirmed", null],
      ["canceled", cancelReason],
    ]);
  });

  it("refuses staff of another building (404), a tenant's token (401) and writes nothing", async () => {
    const { id, date } = await tenantRequest();
    expect(
      (await as("verwalterA").post(`${STAFF}/${id}/accept`, { start: berlin(date, 8), end: berlin(date, 9) }))
        .statusCode,
    ).toBe(200);
    const counts = await writeCounts(ctx.db);
    const body = { start: berlin(date, 10), end: berlin(date, 11), note_to_tenant: "Anderer Grund." };
    expect((await as("verwalterB").post(`${STAFF}/${id}/propose`, body)).statusCode).toBe(404);
    expect((await as("verwalterB").post(`${STAFF}/${id}/decline`, { reason: "x" })).statusCode).toBe(404);
    expect((await as("verwalterB").get(`${STAFF}/${id}`)).statusCode).toBe(404);
    expect((await as("tenantA").post(`${STAFF}/${id}/decline`, { reason: "x" })).statusCode).toBe(401);
    expect(await writeCounts(ctx.db)).toEqual(counts);
    expect((await as("tenantA").get(`${TENANT}/${id}`)).json().status).toBe("confirmed");
  });
});

describe("the .ics text (RFC 5545)", () => {
  it("escapes commas, semicolons, backslashes and line breaks and folds long lines at 75 octets", () => {
    expect(escapeText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
    const long = `DESCRIPTION:${"Zählerstände ablesen, ".repeat(8)}`;
    const folded = foldLine(long);
    for (const line of folded.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(long);

    const ics = appointmentCalendar({
      method: "REQUEST",
      status: "CONFIRMED",
      appointmentId: "abc",
      sequence: 4,
      start: "2026-12-01T08:00:00.000Z",
      end: "2026-12-01T09:00:00.000Z",
      title: "Besichtigung, Wohnung 3; Hinterhaus",
      location: null,
      description: `Zeile eins\nZeile zwei mit Komma, Semikolon; und Backslash \\ ${"ä".repeat(60)}`,
      organizer: { name: 'Grünfeld "Haus" Verwaltung', email: "info@example.com" },
      attendee: { name: "Anna Alt", email: "anna@example.com" },
      publicUrl: "https://portal.example.com",
      now: "2026-11-27T10:00:00.000Z",
    });
    const props = parseIcs(ics);
    expect(props).toMatchObject({
      UID: "termin-abc@portal.example.com",
      SEQUENCE: "4",
      DTSTART: "20261201T080000Z",
      DTEND: "20261201T090000Z",
      SUMMARY: "Besichtigung, Wohnung 3; Hinterhaus",
      DESCRIPTION: `Zeile eins\nZeile zwei mit Komma, Semikolon; und Backslash \\ ${"ä".repeat(60)}`,
      ORGANIZER: "mailto:info@example.com",
    });
    expect(ics).toContain('ORGANIZER;CN="Grünfeld Haus Verwaltung":mailto:info@example.com');
  });
});
