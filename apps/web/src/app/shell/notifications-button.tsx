import type { Appointment, MessageSummary } from "@mieter-portal/contracts";
import { useQuery } from "@tanstack/react-query";
import { Bell, CalendarDays, type LucideIcon, MessageSquare } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { appointmentPath, messagePath } from "@/config/paths";
import { getUpcomingAppointmentsQueryOptions } from "@/features/appointments/api/get-appointments";
import { upcomingAppointments } from "@/features/appointments/upcoming";
import { getLatestMessagesQueryOptions } from "@/features/messages/api/get-messages";
import { formatDate, formatRelativeDate, formatTimeRange, truncate } from "@/lib/format";
import { shellTexts } from "../texts";

const PANEL_APPOINTMENTS = 5;
/** The badge counts up to 9 ("9+" beyond): ten unread conversations tell enough. */
const PANEL_UNREAD = 10;
const PREVIEW = 80;

export function NotificationsButton() {
  const [open, setOpen] = useState(false);
  const unread = useQuery(getLatestMessagesQueryOptions("unread", PANEL_UNREAD));
  const appointments = useQuery(getUpcomingAppointmentsQueryOptions());
  const unreadMessages = unread.data ?? [];
  const upcoming = upcomingAppointments(appointments.data ?? [], new Date(), PANEL_APPOINTMENTS);
  const count = unreadMessages.length + upcoming.length;
  const t = shellTexts.notifications;
  const close = () => setOpen(false);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={count > 0 ? t.buttonWithCount(count) : t.button}
        >
          <Bell className="size-5" aria-hidden="true" />
          {count > 0 ? (
            <span
              aria-hidden="true"
              className="absolute top-1.5 right-1.5 flex min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-4 font-bold text-destructive-foreground"
            >
              {count > 9 ? "9+" : count}
            </span>
          ) : null}
        </Button>
      </SheetTrigger>
      <SheetContent side="right" className="overflow-y-auto">
        <SheetHeader>
          <SheetTitle>{t.title}</SheetTitle>
          <SheetDescription>{t.description}</SheetDescription>
        </SheetHeader>
        <section aria-labelledby="notif-messages">
          <h3 id="notif-messages" className="mb-2 text-sm font-semibold">
            {t.unreadMessages}
          </h3>
          {unread.isPending ? (
            <p className="text-sm text-muted-foreground">{t.loading}</p>
          ) : unreadMessages.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t.noUnread}</p>
          ) : (
            <UnreadMessageList messages={unreadMessages} onPick={close} />
          )}
        </section>
        <section aria-labelledby="notif-appointments">
          <h3 id="notif-appointments" className="mb-2 text-sm font-semibold">
            {t.upcomingAppointments}
          </h3>
          {appointments.isPending ? (
            <p className="text-sm text-muted-foreground">{t.loading}</p>
          ) : upcoming.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t.noAppointments}</p>
          ) : (
            <UpcomingAppointmentList appointments={upcoming} onPick={close} />
          )}
        </section>
      </SheetContent>
    </Sheet>
  );
}

// The lists are components of their own so that their dates are formatted only when the panel is
// open: as children written inline they were built (and every date formatted) on each render of
// the shell while the panel was closed — on a signed-in start that was the first use of the Berlin
// time zone, a third of the largest long task of a slow phone's first screen (issue 13).
function UnreadMessageList({ messages, onPick }: { messages: MessageSummary[]; onPick: () => void }) {
  return (
    <ul className="grid grid-cols-1 gap-2">
      {messages.map((m) => (
        <PanelLink
          key={m.id}
          to={messagePath(m.id)}
          icon={MessageSquare}
          title={m.subject || m.sender_name}
          meta={`${m.sender_name} · ${formatRelativeDate(m.received_at)}`}
          preview={truncate(m.content, PREVIEW)}
          onPick={onPick}
        />
      ))}
    </ul>
  );
}

function UpcomingAppointmentList({ appointments, onPick }: { appointments: Appointment[]; onPick: () => void }) {
  return (
    <ul className="grid grid-cols-1 gap-2">
      {appointments.map((a) => (
        <PanelLink
          key={a.id}
          to={appointmentPath(a.id)}
          icon={CalendarDays}
          title={a.title}
          meta={`${formatDate(a.start_time)}, ${formatTimeRange(a.start_time, a.end_time)}`}
          onPick={onPick}
        />
      ))}
    </ul>
  );
}

/** One entry of the panel: a link with its icon, a title, a line of details and maybe a preview. */
function PanelLink(props: {
  to: string;
  icon: LucideIcon;
  title: string;
  meta: string;
  preview?: string;
  onPick: () => void;
}) {
  const Icon = props.icon;
  return (
    <li>
      <Link
        to={props.to}
        onClick={props.onPick}
        className="flex gap-3 rounded-xl border border-border p-3 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <span className="grid min-w-0 grid-cols-1 gap-0.5">
          <span className="text-sm font-semibold">{props.title}</span>
          <span className="text-xs text-muted-foreground">{props.meta}</span>
          {props.preview === undefined ? null : (
            <span className="text-sm break-words text-muted-foreground">{props.preview}</span>
          )}
        </span>
      </Link>
    </li>
  );
}
