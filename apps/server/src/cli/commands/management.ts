import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  type AppointmentType,
  appointmentType,
  calendarDate,
  LIMITS,
  passwordResetRequest,
  REPAIR_STATUS_LABELS,
  type RepairStatus,
  repairStatus,
  requiredText,
  uuid,
} from "@mieter-portal/contracts";
import { z } from "zod";
import { germanDate } from "../../db/seed/calendar.js";
import { createAppointmentProposal } from "../../domain/appointments/appointment-proposals.js";
import { createDocument } from "../../domain/documents/documents.js";
import {
  replyAsStaff,
  type StaffAuthor,
  staffSignatureOf,
  startThreadAsStaff,
  threadOwner,
} from "../../domain/messages/staff-threads.js";
import { setRepairStatus as updateRepairStatus } from "../../domain/repairs/repairs.js";
import { HttpError } from "../../lib/errors.js";
import { berlinToday, nowIso } from "../../lib/time.js";
import { CommandError, instantArgument, optionalText, parseOptions, UsageError } from "../args.js";
import { type AdminCommand, requireTenantByEmail, timeRange } from "../context.js";

const email = passwordResetRequest.shape.email;

const DEFAULT_APPOINTMENT_TITLES: Record<AppointmentType, string> = {
  consultation: "Beratungstermin",
  inspection: "Besichtigung",
  repair: "Reparaturtermin",
  other: "Termin",
};

const PUBLISHABLE_TYPES = ["contract", "house_rules", "receipt", "utility"] as const;

/** Who acted, as recorded on messages and status changes; defaults to the company. */
const senderOption = optionalText(LIMITS.nameMax, "Absender");

/**
 * The author from the shell (no staff account): `--sender "Sabine Krüger"` signs as the console
 * does, "Sabine Krüger, Grünfeld Hausverwaltung" (issue 25 item 6), and the audit log names her;
 * a sender already given in that format is not signed twice; without --sender the company writes.
 */
export function shellAuthor(sender: string | undefined, company: string): StaffAuthor {
  const suffix = `, ${company}`;
  const name = sender?.endsWith(suffix) ? sender.slice(0, -suffix.length).trim() : sender;
  if (!name || name === company) return { staffId: null, name: company, ip: null, signature: company };
  return { staffId: null, name, ip: null, signature: staffSignatureOf(name, company) };
}

export const sendMessage: AdminCommand = {
  name: "send-message",
  summary: "Nachricht der Hausverwaltung an einen Mieter senden (neue Unterhaltung oder Antwort)",
  usage:
    'send-message --email <adresse> --subject "<betreff>" --content "<text>" [--sender "<name>"]\n' +
    'send-message --email <adresse> --thread <unterhaltungs-id> --content "<text>" [--sender "<name>"]',
  async run({ db, config, io }, argv) {
    const o = parseOptions(
      argv,
      z.object({
        email,
        subject: optionalText(LIMITS.subjectMax, "Betreff"),
        content: requiredText(LIMITS.messageMax, "Nachricht"),
        sender: senderOption,
        thread: uuid.optional(),
      }),
    );
    if (!o.subject && !o.thread) throw new UsageError("--subject ist erforderlich (oder --thread für eine Antwort).");
    const tenant = await requireTenantByEmail(db, o.email);
    // From the shell: no staff account; the audit log and the message name the sender.
    const author = shellAuthor(o.sender, config.brand.companyName);
    const sender = author.signature;
    const mail = { company: config.brand.companyName, publicUrl: config.publicUrl };
    let threadId: string;
    if (o.thread) {
      if ((await threadOwner(db, o.thread)) !== tenant.id) {
        throw new CommandError(`${tenant.name} hat keine Unterhaltung mit der ID ${o.thread}.`);
      }
      threadId = o.thread;
      await replyAsStaff(db, threadId, o.content, author, mail);
    } else {
      threadId = await startThreadAsStaff(db, tenant.id, { subject: o.subject!, content: o.content }, author, mail);
    }
    io.out(
      o.thread
        ? `Antwort von ${sender} an ${tenant.name} <${tenant.email}> in Unterhaltung ${threadId} gesendet.`
        : `Nachricht „${o.subject}“ von ${sender} an ${tenant.name} <${tenant.email}> gesendet (Unterhaltung ${threadId}).`,
    );
  },
};

export const publishDocument: AdminCommand = {
  name: "publish-document",
  summary: "Dokument (PDF, DOC, DOCX, JPEG, PNG) für einen Mieter veröffentlichen",
  usage:
    'publish-document --email <adresse> --file <pfad> --title "<titel>" --type contract|house_rules|receipt|utility',
  async run({ db, files, io }, argv) {
    const o = parseOptions(
      argv,
      z.object({
        email,
        file: requiredText(4096, "Datei"),
        title: requiredText(LIMITS.titleMax, "Titel"),
        type: z.enum(PUBLISHABLE_TYPES, {
          error: "Dokumentart muss contract, house_rules, receipt oder utility sein.",
        }),
      }),
    );
    const tenant = await requireTenantByEmail(db, o.email);
    let bytes: Buffer;
    try {
      bytes = await readFile(o.file);
    } catch (err) {
      throw new CommandError(
        `Die Datei ${o.file} ist nicht lesbar (${(err as NodeJS.ErrnoException).code ?? "Fehler"}).`,
      );
    }
    try {
      const document = await createDocument(db, files, {
        tenantId: tenant.id,
        title: o.title,
        type: o.type,
        bytes,
        filename: path.basename(o.file),
        actorKind: "staff",
      });
      io.out(
        `Dokument „${document.title}“ (${o.type}, ${document.file_type}, ${document.file_size} Bytes) ` +
          `für ${tenant.name} <${tenant.email}> veröffentlicht (ID ${document.id}).`,
      );
    } catch (err) {
      if (err instanceof HttpError) throw new CommandError(`Dokument nicht veröffentlicht: ${err.message}`);
      throw err;
    }
  },
};

export const setRepairStatus: AdminCommand = {
  name: "set-repair-status",
  summary: "Status einer Reparatur setzen (mit Verlaufseintrag)",
  usage:
    "set-repair-status --id <reparatur-id> --status reported|confirmed|scheduled|in_progress|completed|canceled\n" +
    '                  [--planned-date JJJJ-MM-TT] [--note "<notiz>"] [--sender "<name>"]',
  async run({ db, config, io }, argv) {
    const o = parseOptions(
      argv,
      z.object({
        id: uuid,
        status: z.enum(repairStatus.options, {
          error: `Status muss einer von ${repairStatus.options.join(", ")} sein.`,
        }),
        "planned-date": calendarDate.optional(),
        note: optionalText(LIMITS.notesMax, "Notiz"),
        sender: senderOption,
      }),
    );
    const repair = await db
      .selectFrom("repairs")
      .innerJoin("tenants", "tenants.id", "repairs.tenant_id")
      .select(["repairs.planned_date", "tenants.email", "tenants.first_name", "tenants.last_name"])
      .where("repairs.id", "=", o.id)
      .executeTakeFirst();
    if (!repair) throw new CommandError(`Es gibt keine Reparatur mit der ID ${o.id}.`);
    if (o.status === "scheduled" && !o["planned-date"] && !repair.planned_date) {
      throw new UsageError("--planned-date ist für den Status scheduled erforderlich.");
    }
    const actorName = shellAuthor(o.sender, config.brand.companyName).signature;
    const updated = await updateRepairStatus(db, o.id, {
      status: o.status,
      plannedDate: o["planned-date"],
      note: o.note ?? null,
      actorKind: "staff",
      actorName,
    });
    if (!updated) throw new CommandError(`Es gibt keine Reparatur mit der ID ${o.id}.`);
    io.out(
      `Reparatur ${o.id} von ${repair.first_name} ${repair.last_name} <${repair.email}>: ` +
        `Status „${REPAIR_STATUS_LABELS[o.status]}“ gesetzt von ${actorName}.`,
    );
    if (updated.planned_date) io.out(`Geplant für ${germanDate(updated.planned_date)}.`);
    if (o.note) io.out(`Notiz: ${o.note}`);
  },
};

export const proposeAppointment: AdminCommand = {
  name: "propose-appointment",
  summary: "Termin vorschlagen (Status ausstehend, der Mieter bestätigt im Portal)",
  usage:
    "propose-appointment --email <adresse> --type consultation|inspection|repair|other\n" +
    '                    --start 2026-12-01T10:00 --end 2026-12-01T11:00 [--title "<titel>"] [--location "<ort>"]\n' +
    '                    [--notes "<notiz>"] [--sender "<name>"]   (Zeiten ohne Zone gelten als Berliner Zeit)',
  async run({ db, config, io }, argv) {
    const o = parseOptions(
      argv,
      z.object({
        email,
        type: appointmentType,
        start: instantArgument("Beginn"),
        end: instantArgument("Ende"),
        title: optionalText(LIMITS.titleMax, "Titel"),
        location: optionalText(LIMITS.titleMax, "Ort"),
        notes: optionalText(LIMITS.notesMax, "Notizen"),
        sender: senderOption,
      }),
    );
    if (o.end <= o.start) throw new UsageError("--end muss nach --start liegen.");
    if (o.start <= nowIso()) throw new UsageError("--start muss in der Zukunft liegen.");
    const tenant = await requireTenantByEmail(db, o.email);
    const title = o.title ?? DEFAULT_APPOINTMENT_TITLES[o.type];
    const author = shellAuthor(o.sender, config.brand.companyName);
    const created = await createAppointmentProposal(
      db,
      {
        tenantId: tenant.id,
        type: o.type,
        title,
        start: o.start,
        end: o.end,
        location: o.location ?? null,
        note_to_tenant: o.notes ?? null,
      },
      author,
      { company: config.brand.companyName, publicUrl: config.publicUrl },
    );
    if (created.kind !== "ok") throw new UsageError(created.message);
    const id = created.id;
    io.out(
      `Termin „${title}“ am ${timeRange(o.start, o.end)} für ${tenant.name} <${tenant.email}> vorgeschlagen ` +
        `(ID ${id}); er wartet auf die Bestätigung im Portal.`,
    );
  },
};

const berlinDateOf = (iso: string) => berlinToday(new Date(iso));

const excerpt = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export const listRepairs: AdminCommand = {
  name: "list-repairs",
  summary: "Reparaturen auflisten (ohne --all nur offene), für set-repair-status",
  usage: "list-repairs [--email <adresse>] [--all]",
  async run({ db, io }, argv) {
    const o = parseOptions(argv, z.object({ email: email.optional(), all: z.boolean().optional() }), ["all"]);
    let query = db
      .selectFrom("repairs")
      .innerJoin("tenants", "tenants.id", "repairs.tenant_id")
      .select([
        "repairs.id",
        "repairs.status",
        "repairs.type",
        "repairs.urgency",
        "repairs.description",
        "repairs.reported_at",
        "repairs.planned_date",
        "tenants.email",
      ])
      .orderBy("repairs.reported_at", "desc");
    if (o.email) query = query.where("tenants.id", "=", (await requireTenantByEmail(db, o.email)).id);
    if (!o.all) query = query.where("repairs.status", "not in", ["completed", "canceled"]);
    const rows = await query.execute();
    for (const r of rows) {
      const planned = r.planned_date ? ` (Termin ${germanDate(r.planned_date)})` : "";
      io.out(
        `${r.id} | ${r.email} | ${REPAIR_STATUS_LABELS[r.status as RepairStatus] ?? r.status}${planned} | ` +
          `${r.type}, ${r.urgency} | ${excerpt(r.description)}`,
      );
    }
    io.out(rows.length === 0 ? "Keine Reparaturen gefunden." : `${rows.length} Reparatur(en).`);
  },
};

export const listMessages: AdminCommand = {
  name: "list-messages",
  summary: "Unterhaltungen eines Mieters auflisten (IDs für send-message --thread)",
  usage: "list-messages --email <adresse>",
  async run({ db, io }, argv) {
    const o = parseOptions(argv, z.object({ email }));
    const tenant = await requireTenantByEmail(db, o.email);
    const threads = await db
      .selectFrom("message_threads")
      .select((eb) => [
        "message_threads.id",
        "message_threads.subject",
        "message_threads.last_message_at",
        eb
          .selectFrom("messages")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .whereRef("messages.thread_id", "=", "message_threads.id")
          .as("message_count"),
      ])
      .where("message_threads.tenant_id", "=", tenant.id)
      .orderBy("message_threads.last_message_at", "desc")
      .execute();
    for (const t of threads) {
      io.out(
        `${t.id} | ${excerpt(t.subject)} | ${Number(t.message_count ?? 0)} Nachricht(en), ` +
          `zuletzt ${germanDate(berlinDateOf(t.last_message_at))}`,
      );
    }
    io.out(threads.length === 0 ? `${tenant.name} hat keine Unterhaltungen.` : `${threads.length} Unterhaltung(en).`);
  },
};
