import type { StaffPushEvent } from "@mieter-portal/contracts";
import { STAFF_INBOX_PATH, STAFF_ROLE_LABELS, type StaffRole } from "@mieter-portal/contracts/staff";
import type { Db } from "../../db/connection.js";
import type { MailContext } from "../../lib/mail-context.js";
import { buildingName, enqueuePush, TENANT_MAIL_PUSH, tenantBuildingName } from "../push/events.js";
import { channelsFor } from "../push/preferences.js";
import { staffToNotify } from "../staff/staff-members.js";
import { enqueueMail, nextDigestSlot, tenantWantsMail } from "./notifications.js";

/**
 * The mails the portal writes when someone should hear about a change (issue 11 §4). Each is
 * recorded in the notification outbox in the caller's transaction and sent by the worker. Tenant
 * mails say what changed and link into the portal; they carry nothing the tenant does not already
 * see there, and never an internal note.
 */

export type { MailContext } from "../../lib/mail-context.js";

/** The outbox kind of a staff line about a new item: the worker gathers these into a digest. */
export const STAFF_NEW_ITEM_KIND = "staff_new_item";

/** Staff hear about new tenant input at most once per this interval (a digest). */
export const STAFF_DIGEST_INTERVAL_MS = 15 * 60_000;

const sign = (ctx: MailContext) => ["", `Ihr Team von ${ctx.company}`, "", "Diese E-Mail wurde automatisch versendet."];
const benachrichtigungen = (ctx: MailContext) =>
  `Sie können diese E-Mails im Mieter-Portal unter Einstellungen → Benachrichtigungen abschalten: ${ctx.publicUrl}/settings`;

export interface TenantMail {
  kind: string;
  subject: string;
  lines: string[];
  /** Path in the tenant app, e.g. /messages/<id>. */
  path: string;
  /** An .ics for the tenant's calendar (appointment mails), given the tenant's address and name. */
  calendar?: (attendee: { email: string; name: string }) => string;
}

/** The text of a mail to a tenant: greeting, the lines, the link into the portal, the signature. */
export function tenantMailText(
  ctx: MailContext,
  tenant: { first_name: string; last_name: string },
  mail: Pick<TenantMail, "lines" | "path">,
): string {
  return [
    `Guten Tag ${tenant.first_name} ${tenant.last_name},`,
    "",
    ...mail.lines,
    "",
    `Im Mieter-Portal ansehen: ${ctx.publicUrl}${mail.path}`,
    ...sign(ctx),
    benachrichtigungen(ctx),
  ].join("\n");
}

/**
 * Records a mail to the tenant unless they turned e-mail notifications off; true when a mail was
 * recorded, so that the console can say what really happened.
 */
export async function notifyTenant(db: Db, ctx: MailContext, tenantId: string, mail: TenantMail): Promise<boolean> {
  // Issue 29: the event's channels as the tenant chose them; push to their devices when wanted.
  const push = TENANT_MAIL_PUSH[mail.kind];
  const channels = push ? (await channelsFor(db, "tenant", [tenantId], push.event)).get(tenantId) : undefined;
  if (push && channels?.push) {
    const building = await tenantBuildingName(db, tenantId);
    await enqueuePush(db, [{ kind: "tenant", id: tenantId }], {
      kind: push.event,
      title: push.title,
      building,
      path: mail.path,
    });
  }
  const tenant = await tenantWantsMail(db, tenantId);
  if (tenant?.notify_email !== 1 || channels?.email === false) return false;
  await enqueueMail(db, {
    recipientKind: "tenant",
    recipientId: tenantId,
    to: tenant.email,
    kind: mail.kind,
    subject: `${ctx.company}: ${mail.subject}`,
    body: tenantMailText(ctx, tenant, mail),
    ...(mail.calendar
      ? { calendarIcs: mail.calendar({ email: tenant.email, name: `${tenant.first_name} ${tenant.last_name}` }) }
      : {}),
  });
  return true;
}

/** The daily digest of new documents: one mail with every line of the tenant's due digest rows. */
export function documentDigest(ctx: MailContext, tenant: { first_name: string; last_name: string }, lines: string[]) {
  return {
    subject: `${ctx.company}: ${lines.length === 1 ? "Ein neues Dokument" : `${lines.length} neue Dokumente`} im Mieter-Portal`,
    text: tenantMailText(ctx, tenant, {
      lines: [
        lines.length === 1
          ? "für Sie liegt ein neues Dokument im Mieter-Portal bereit:"
          : "für Sie liegen neue Dokumente im Mieter-Portal bereit:",
        "",
        ...lines.map((line) => `• ${line}`),
        "",
        "Diese Übersicht erhalten Sie höchstens einmal am Tag.",
      ],
      path: "/documents",
    }),
  };
}

/**
 * Tells the staff of the building (and the Administrators) about new tenant input: one line per
 * item, gathered into a digest at most every 15 minutes per person.
 */
export async function notifyStaffOfNewItem(
  db: Db,
  _ctx: MailContext,
  buildingId: string | null,
  item: {
    kind: "repair" | "message" | "appointment" | "meter_reading";
    line: string;
    /** Also a push to the devices of those who chose this event (issue 29): kind of event and building only. */
    push?: { event: StaffPushEvent; title: string; path: string };
  },
): Promise<void> {
  const recipients = await staffToNotify(db, buildingId);
  if (item.push) {
    // Push by the person's push choices, also for those who turned the new-items mail off.
    await enqueuePush(
      db,
      (await staffToNotify(db, buildingId, { mail: false })).map((staff) => ({ kind: "staff" as const, id: staff.id })),
      {
        kind: item.push.event,
        title: item.push.title,
        building: await buildingName(db, buildingId),
        path: item.push.path,
      },
    );
  }
  for (const staff of recipients) {
    if (staff.role === "hausmeister" && (item.kind === "message" || item.kind === "meter_reading")) continue;
    await enqueueMail(db, {
      recipientKind: "staff",
      recipientId: staff.id,
      to: staff.email,
      kind: STAFF_NEW_ITEM_KIND,
      subject: "Neue Einträge im Eingang",
      body: item.line,
      sendAfter: await nextDigestSlot(db, staff.id, STAFF_DIGEST_INTERVAL_MS),
    });
  }
}

/** The digest that gathers a staff member's new-item lines. */
export function staffDigest(ctx: MailContext, name: string, role: StaffRole | string, lines: string[]) {
  return {
    subject: `${ctx.company}: ${lines.length === 1 ? "Ein neuer Eintrag" : `${lines.length} neue Einträge`} im Eingang`,
    text: [
      `Guten Tag ${name},`,
      "",
      "im Eingang der Verwaltung wartet Neues von Mieterinnen und Mietern:",
      "",
      ...lines.map((l) => `• ${l}`),
      "",
      `Zum Eingang: ${ctx.publicUrl}${STAFF_INBOX_PATH}`,
      "",
      `Sie erhalten diese Übersicht als ${STAFF_ROLE_LABELS[role as StaffRole] ?? role} höchstens alle 15 Minuten.`,
      "Abschalten können Sie sie in der Verwaltung unter Profil → Benachrichtigungen.",
    ].join("\n"),
  };
}
