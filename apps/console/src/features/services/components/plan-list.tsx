import { describeRecurrence, describeSeason, type ServicePlan } from "@mieter-portal/contracts/services";
import { Badge } from "@mieter-portal/ui/badge";
import { Button } from "@mieter-portal/ui/button";
import { useQuery } from "@tanstack/react-query";
import { Plus, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { DetailList, EmptyState, LoadError, Loading, Section } from "@/components/page";
import { berlinDate } from "@/lib/berlin-time";
import { formatCalendarDate } from "@/lib/format";
import { colleaguesQueryOptions } from "@/lib/shared-queries";
import { servicePlansQueryOptions } from "../api/queries";
import { EndPlanDialog } from "./end-plan-dialog";
import { PlanFormDialog } from "./plan-form-dialog";

function PlanCard({ plan, staffName, today }: { plan: ServicePlan; staffName: string | null; today: string }) {
  const headingId = `plan-${plan.id}`;
  const future = plan.valid_from > today;
  const ended = plan.valid_until !== null && plan.valid_until < today;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="grid gap-3 rounded-lg border border-border p-4"
        data-testid="service-plan"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid min-w-0 gap-1">
            <h3 id={headingId} className="font-semibold break-words">
              {plan.service_kind.name}
            </h3>
            <p className="text-sm">
              {describeRecurrence(plan.recurrence)}, {plan.window.start}–{plan.window.end} Uhr
              {plan.rest_day_window
                ? ` (sonn- und feiertags ${plan.rest_day_window.start}–${plan.rest_day_window.end} Uhr)`
                : ""}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {ended ? (
              <Badge>beendet</Badge>
            ) : future ? (
              <Badge>ab {formatCalendarDate(plan.valid_from)}</Badge>
            ) : (
              <Badge tone="success">läuft</Badge>
            )}
            {plan.tenant_visible ? <Badge>für Mieter sichtbar</Badge> : <Badge>nur intern</Badge>}
          </div>
        </div>
        {plan.warnings.map((warning) => (
          <p
            key={warning}
            className="flex items-start gap-2 rounded-lg bg-warning-soft p-3 text-sm text-warning-soft-foreground"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {warning}
          </p>
        ))}
        <DetailList
          items={[
            { term: "Saison", value: plan.season ? describeSeason(plan.season) : "ganzjährig" },
            { term: "Team", value: plan.team ?? "–" },
            { term: "Verantwortlich", value: staffName ?? "–" },
            {
              term: "Gültig",
              value: `ab ${formatCalendarDate(plan.valid_from)}${plan.valid_until ? ` bis ${formatCalendarDate(plan.valid_until)}` : ", unbefristet"}`,
            },
            {
              term: "Checkliste",
              value: plan.checklist.length > 0 ? plan.checklist.join(" · ") : "keine",
            },
          ]}
        />
        {ended ? null : (
          <div className="flex flex-wrap gap-2">
            <PlanFormDialog
              buildingId={plan.building_id}
              plan={plan}
              trigger={(open) => (
                <Button variant="outline" size="sm" onClick={open}>
                  Ändern
                </Button>
              )}
            />
            <EndPlanDialog plan={plan} />
          </div>
        )}
      </article>
    </li>
  );
}

/** A building's plans: what is done, how often, when, by whom; create, change (from tomorrow), end. */
export function PlansSection({ buildingId }: { buildingId: string }) {
  const [withEnded, setWithEnded] = useState(false);
  const plans = useQuery(servicePlansQueryOptions(buildingId, withEnded));
  const colleagues = useQuery(colleaguesQueryOptions());
  const today = berlinDate(new Date());
  const nameOf = (id: string | null) => (id ? (colleagues.data?.find((c) => c.id === id)?.name ?? null) : null);
  return (
    <Section
      title="Pläne"
      headingId="plans-heading"
      actions={
        <PlanFormDialog
          buildingId={buildingId}
          trigger={(open) => (
            <Button onClick={open}>
              <Plus aria-hidden="true" />
              Plan anlegen
            </Button>
          )}
        />
      }
    >
      <label className="mb-3 flex min-h-10 w-fit items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={withEnded}
          onChange={(e) => setWithEnded(e.target.checked)}
        />
        Beendete Pläne zeigen (frühere Fassungen geänderter Pläne)
      </label>
      {plans.isPending ? (
        <Loading />
      ) : plans.isError ? (
        <LoadError error={plans.error} onRetry={() => plans.refetch()} />
      ) : plans.data.length === 0 ? (
        <EmptyState>Für dieses Gebäude ist noch kein Hausdienst geplant.</EmptyState>
      ) : (
        <ul className="grid gap-3">
          {plans.data.map((plan) => (
            <PlanCard key={plan.id} plan={plan} staffName={nameOf(plan.responsible_staff_id)} today={today} />
          ))}
        </ul>
      )}
    </Section>
  );
}
