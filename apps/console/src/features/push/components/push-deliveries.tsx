import {
  type PushDeliveryOverview,
  type PushDeliveryState,
  STAFF_PUSH_EVENT_LABELS,
  type StaffPushEvent,
  TENANT_NOTIFY_EVENT_LABELS,
  type TenantNotifyEvent,
} from "@mieter-portal/contracts";
import { Badge, type BadgeTone } from "@mieter-portal/ui/badge";
import { EmptyState, Section } from "@/components/page";
import { formatDateTime, formatNumber } from "@/lib/format";

const STATES: Record<PushDeliveryState, { label: string; hint: string; tone: BadgeTone }> = {
  sent: { label: "Zugestellt", hint: "vom Push-Dienst angenommen", tone: "success" },
  pending: { label: "Ausstehend", hint: "warten auf den Versand oder einen neuen Versuch", tone: "warning" },
  failed: { label: "Fehlgeschlagen", hint: "nach dem letzten Versuch aufgegeben", tone: "danger" },
  expired: { label: "Abgelaufen", hint: "vor dem Versand zu alt geworden", tone: "neutral" },
  gone: {
    label: "Gerät abgemeldet",
    hint: "der Push-Dienst kennt das Gerät nicht mehr; es wurde entfernt",
    tone: "neutral",
  },
};
const FIGURES: PushDeliveryState[] = ["sent", "pending", "failed", "expired", "gone"];

function kindLabel(kind: TenantNotifyEvent | StaffPushEvent): string {
  return kind in STAFF_PUSH_EVENT_LABELS
    ? `Verwaltung: ${STAFF_PUSH_EVENT_LABELS[kind as StaffPushEvent]}`
    : `Mieter: ${TENANT_NOTIFY_EVENT_LABELS[kind as TenantNotifyEvent]}`;
}

/**
 * "Push-Zustellung" (issue 29), for Administrators: what happened to the pushes of the last 7 days,
 * how many devices receive push, and the newest problems (kind, state and error; no person, no address).
 */
export function PushDeliveries({ overview }: { overview: PushDeliveryOverview }) {
  const devices = overview.devices.tenant + overview.devices.staff;
  return (
    <div className="grid gap-6">
      <Section title={`Push-Nachrichten seit ${formatDateTime(overview.since)}`} headingId="push-counts">
        <dl className="grid grid-cols-[repeat(auto-fit,minmax(9.5rem,1fr))] gap-3">
          {FIGURES.map((state) => (
            <div key={state} className="grid content-start gap-1 rounded-lg bg-muted px-3 py-2">
              <dt className="text-sm font-medium">{STATES[state].label}</dt>
              <dd className="text-2xl font-semibold tabular-nums" data-testid={`push-count-${state}`}>
                {formatNumber(overview.counts[state])}
              </dd>
              <dd className="text-xs text-muted-foreground">{STATES[state].hint}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section title="Geräte mit Push" headingId="push-devices">
        <dl className="grid grid-cols-[repeat(auto-fit,minmax(9.5rem,1fr))] gap-3">
          {[
            { key: "all", label: "Zusammen", value: devices },
            { key: "tenant", label: "Mieter", value: overview.devices.tenant },
            { key: "staff", label: "Mitarbeiter", value: overview.devices.staff },
          ].map((figure) => (
            <div key={figure.key} className="grid content-start gap-1 rounded-lg bg-muted px-3 py-2">
              <dt className="text-sm font-medium">{figure.label}</dt>
              <dd className="text-2xl font-semibold tabular-nums" data-testid={`push-devices-${figure.key}`}>
                {formatNumber(figure.value)}
              </dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section title="Neueste Probleme" headingId="push-problems">
        {overview.problems.length === 0 ? (
          <EmptyState>Keine Probleme in den letzten 7 Tagen.</EmptyState>
        ) : (
          <ol className="grid gap-3">
            {overview.problems.map((problem) => (
              <li key={problem.id} className="grid gap-2 border-t border-border pt-3 first:border-t-0 first:pt-0">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0 text-sm font-medium [overflow-wrap:anywhere]">
                    {kindLabel(problem.kind)}
                  </span>
                  <Badge tone={STATES[problem.state].tone}>{STATES[problem.state].label}</Badge>
                </div>
                <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                  <div className="flex flex-wrap gap-x-2">
                    <dt className="text-muted-foreground">Ausgelöst:</dt>
                    <dd>{formatDateTime(problem.created_at)}</dd>
                  </div>
                  <div className="flex flex-wrap gap-x-2">
                    <dt className="text-muted-foreground">Versuche:</dt>
                    <dd>{problem.attempts}</dd>
                  </div>
                  <div className="flex flex-wrap gap-x-2 sm:col-span-2">
                    <dt className="text-muted-foreground">Letzte Antwort:</dt>
                    <dd className="min-w-0 [overflow-wrap:anywhere]">
                      {[problem.last_status === null ? null : `HTTP ${problem.last_status}`, problem.last_error]
                        .filter(Boolean)
                        .join(" · ") || "–"}
                    </dd>
                  </div>
                  {problem.next_attempt_at ? (
                    <div className="flex flex-wrap gap-x-2 sm:col-span-2">
                      <dt className="text-muted-foreground">Nächster Versuch:</dt>
                      <dd>{formatDateTime(problem.next_attempt_at)}</dd>
                    </div>
                  ) : null}
                </dl>
              </li>
            ))}
          </ol>
        )}
      </Section>
    </div>
  );
}
