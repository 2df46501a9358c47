import { type NoticeStatus, noticeStatus, type StaffNotice } from "@mieter-portal/contracts/staff";
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
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Info, Megaphone, Printer, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { SelectField } from "@/components/form-controls";
import { EmptyState, LoadError, Loading, PageHeader, useDocumentTitle } from "@/components/page";
import { AffectedDialog } from "@/features/notices/affected-dialog";
import { noticesQueryOptions, useEndNotice } from "@/features/notices/api";
import { NoticeFormDialog } from "@/features/notices/components/notice-form-dialog";
import {
  NOTICE_STATUS,
  noticeAudience,
  noticeKindLabel,
  noticeOutageWindow,
  noticeValidity,
} from "@/features/notices/labels";
import { printNotice } from "@/features/notices/print";
import { useCompanyName } from "@/lib/brand";
import { formatDateTime } from "@/lib/format";
import { useCan, useMe } from "@/lib/me";
import { withSearchParam } from "@/lib/search-params";
import { buildingsQueryOptions } from "@/lib/shared-queries";

/** Status filter in the URL, in German. */
const STATUS_PARAM: Record<string, NoticeStatus> = { aktuell: "current", geplant: "scheduled", beendet: "ended" };
const PARAM_OF: Record<NoticeStatus, string> = { current: "aktuell", scheduled: "geplant", ended: "beendet" };

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

function NoticeCard({ notice }: { notice: StaffNotice }) {
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

export function Component() {
  useDocumentTitle("Aushänge");
  const canWrite = useCan("notices");
  const [search, setSearch] = useSearchParams();
  const buildingParam = search.get("gebaeude");
  const building = buildingParam === "alle" ? "all" : buildingParam;
  const parsedStatus = noticeStatus.safeParse(STATUS_PARAM[search.get("status") ?? ""]);
  const status = parsedStatus.success ? parsedStatus.data : null;
  const buildings = useQuery(buildingsQueryOptions());
  const notices = useInfiniteQuery(noticesQueryOptions(building, status));
  const items = notices.data?.pages.flatMap((p) => p.items) ?? [];
  const onlyBuilding = buildings.data?.length === 1 ? buildings.data[0]?.id : undefined;

  const setParam = (key: string, value: string) => setSearch(withSearchParam(search, key, value));

  return (
    <>
      <PageHeader
        title="Aushänge"
        description="Informationen und Störungen für ein Gebäude oder alle; die Mieter sehen aktuelle Aushänge in ihrer App."
        actions={
          canWrite ? (
            <NoticeFormDialog
              defaultBuilding={building && building !== "all" ? building : onlyBuilding}
              trigger={(open) => (
                <Button onClick={open}>
                  <Megaphone aria-hidden="true" />
                  Aushang veröffentlichen
                </Button>
              )}
            />
          ) : null
        }
      />
      <search
        aria-label="Aushänge filtern"
        className="mb-4 grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-2"
      >
        <SelectField label="Gebäude" value={buildingParam ?? ""} onChange={(e) => setParam("gebaeude", e.target.value)}>
          <option value="">Alle, die ich sehe</option>
          <option value="alle">Nur Aushänge für alle Gebäude</option>
          {(buildings.data ?? []).map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Status"
          value={status ? PARAM_OF[status] : ""}
          onChange={(e) => setParam("status", e.target.value)}
        >
          <option value="">Alle</option>
          <option value="aktuell">Aktuell</option>
          <option value="geplant">Geplant</option>
          <option value="beendet">Beendet</option>
        </SelectField>
      </search>
      {notices.isPending ? (
        <Loading />
      ) : notices.isError ? (
        <LoadError error={notices.error} onRetry={() => notices.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>Keine Aushänge.</EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label="Aushänge">
          {items.map((notice) => (
            <NoticeCard key={notice.id} notice={notice} />
          ))}
        </ul>
      )}
      {notices.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" disabled={notices.isFetchingNextPage} onClick={() => notices.fetchNextPage()}>
            {notices.isFetchingNextPage ? "Wird geladen…" : "Weitere laden"}
          </Button>
        </div>
      ) : null}
    </>
  );
}
