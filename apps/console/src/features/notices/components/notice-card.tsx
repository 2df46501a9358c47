import type { StaffNotice } from "@mieter-portal/contracts/staff";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@mieter-portal/ui/alert-dialog";
import { Badge } from "@mieter-portal/ui/badge";
import { Button } from "@mieter-portal/ui/button";
import { toast } from "@mieter-portal/ui/use-toast";
import { cn } from "@mieter-portal/ui/utils";
import { Info, Printer, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useCompanyName } from "@/lib/brand";
import { formatDateTime } from "@/lib/format";
import { useCan, useMe } from "@/lib/me";
import { useEndNotice } from "../api";
import { NOTICE_STATUS, noticeAudience, noticeKindLabel, noticeOutageWindow, noticeValidity } from "../labels";
import { printNotice } from "../print";
import { AffectedDialog } from "./affected-dialog";
import { NoticeFormDialog } from "./notice-form-dialog";

function EndNoticeButton({ notice }: { notice: StaffNotice }) {
  const end = useEndNotice();
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button
        size="sm"
        variant="outline"
        onClick={() => setOpen(true)}
        aria-label={`„${notice.title}“ vorzeitig beenden`}
      >
        Vorzeitig beenden
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Aushang vorzeitig beenden?</AlertDialogTitle>
          <AlertDialogDescription>
            „{notice.title}“ gilt dann ab sofort nicht mehr; die Mieter sehen ihn nicht mehr.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Abbrechen</AlertDialogCancel>
          <AlertDialogAction
            disabled={end.isPending}
            onClick={() =>
              end.mutate(notice.id, {
                onSuccess: () => toast({ title: "Aushang beendet" }),
              })
            }
          >
            Beenden
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** One notice with its kind, window, validity and actions (print, edit, end early). */
export function NoticeCard({ notice }: { notice: StaffNotice }) {
  const me = useMe();
  const canWrite = useCan("notices");
  const mayChange = canWrite && (notice.building !== null || me.role === "administrator");
  const emergency = notice.kind === "emergency";
  const Icon = emergency ? TriangleAlert : Info;
  const status = NOTICE_STATUS[notice.status];
  const company = useCompanyName();
  const outageWindow = noticeOutageWindow(notice);
  return (
    <li
      data-testid="staff-notice"
      className={cn(
        "grid gap-3 rounded-xl border bg-card p-4",
        emergency && notice.status !== "ended" ? "border-destructive/50" : "border-border",
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <p
            className={cn(
              "flex items-center gap-1.5 text-xs font-semibold tracking-wide uppercase",
              emergency ? "text-destructive-text" : "text-muted-foreground",
            )}
          >
            <Icon className="size-4 shrink-0" aria-hidden="true" />
            {noticeKindLabel(notice)} · {noticeAudience(notice)}
          </p>
          <h2 className="text-base font-semibold break-words">{notice.title}</h2>
          {outageWindow ? (
            <>
              {/* The outage's own time first (issue 25 item 21); the validity says how long tenants see it. */}
              <p className="text-sm font-medium" data-testid="notice-outage-window">
                {outageWindow}
              </p>
              <p className="text-sm text-muted-foreground">Für Mieter sichtbar: {noticeValidity(notice)}</p>
            </>
          ) : (
            <p className="text-sm text-muted-foreground">{noticeValidity(notice)}</p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={status.tone}>{status.label}</Badge>
          {emergency ? (
            <Badge tone={notice.affected_count > 0 ? "danger" : "neutral"} data-testid="affected-count">
              Betrifft mich auch: {notice.affected_count}
            </Badge>
          ) : null}
        </div>
      </div>
      <p className="text-sm break-words whitespace-pre-line">{notice.text}</p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          {notice.created_by ? `Von ${notice.created_by.name}, ` : ""}
          {formatDateTime(notice.created_at)}
          {notice.mailed_at ? ` · per E-Mail gesendet ${formatDateTime(notice.mailed_at)}` : ""}
        </p>
        <div className="flex flex-wrap gap-2">
          {emergency ? <AffectedDialog notice={notice} /> : null}
          {/* For the stairwell board: a page of its own with a print stylesheet (A4, large type). */}
          <Button
            size="sm"
            variant="outline"
            onClick={() => printNotice(notice, company)}
            aria-label={`Drucken: „${notice.title}“ als Aushang fürs Treppenhaus`}
          >
            <Printer aria-hidden="true" />
            Drucken
          </Button>
          {mayChange && notice.status !== "ended" ? (
            <>
              <NoticeFormDialog
                notice={notice}
                trigger={(open) => (
                  <Button size="sm" variant="outline" onClick={open} aria-label={`„${notice.title}“ bearbeiten`}>
                    Bearbeiten
                  </Button>
                )}
              />
              <EndNoticeButton notice={notice} />
            </>
          ) : null}
        </div>
      </div>
    </li>
  );
}
