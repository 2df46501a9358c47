import type { Repair } from "@mieter-portal/contracts";
import { CalendarCheck, CalendarDays, ChevronRight, Image, Wrench } from "lucide-react";
import { Link } from "react-router";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { repairPath } from "@/config/paths";
import { formatDate, formatShortDate } from "@/lib/format";
import { partitionRepairs, repairTitle } from "../repairs";
import { REPAIR_STATUS, repairTexts } from "../texts";
import { RepairStatusBadge } from "./repair-status-badge";

function RepairItem({ repair }: { repair: Repair }) {
  const t = repairTexts.list;
  const title = repairTitle(repair);
  return (
    <li data-testid="repair-item">
      <Link
        to={repairPath(repair.id)}
        aria-label={t.openLabel(title, REPAIR_STATUS[repair.status].label)}
        className="flex items-center gap-3 rounded-xl bg-muted/60 p-3 transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {/* One shrinkable column (grid-cols-1): a long title and its badge wrap instead of pushing
            the text under the chevron at 320 px. */}
        <div className="grid min-w-0 flex-1 grid-cols-1 gap-1">
          <div className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
            <p className="text-sm font-semibold">{title}</p>
            <RepairStatusBadge status={repair.status} />
          </div>
          <p className="line-clamp-2 text-sm text-muted-foreground">{repair.description}</p>
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <CalendarDays className="size-3.5" aria-hidden="true" />
              {t.reported(formatShortDate(repair.reported_at))}
            </span>
            {repair.planned_date ? (
              <span className="inline-flex items-center gap-1" data-testid="repair-planned">
                <CalendarCheck className="size-3.5" aria-hidden="true" />
                {t.planned(formatDate(repair.planned_date))}
              </span>
            ) : null}
            {repair.photos.length > 0 ? (
              <span className="inline-flex items-center gap-1">
                <Image className="size-3.5" aria-hidden="true" />
                {t.photoCount(repair.photos.length)}
              </span>
            ) : null}
          </p>
        </div>
        <ChevronRight className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      </Link>
    </li>
  );
}

function RepairSection({ id, title, empty, repairs }: { id: string; title: string; empty: string; repairs: Repair[] }) {
  return (
    <Card aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id} className="flex items-center gap-2 text-lg">
          <Wrench className="size-5 text-primary" aria-hidden="true" />
          {title}
        </CardTitle>
      </CardHeader>
      {repairs.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3">
          {repairs.map((repair) => (
            <RepairItem key={repair.id} repair={repair} />
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Current repairs, then completed and canceled ones, as the API holds them. */
export function RepairLists({ repairs }: { repairs: Repair[] }) {
  const t = repairTexts.list;
  const { current, completed } = partitionRepairs(repairs);
  return (
    <>
      <RepairSection id="repairs-current" title={t.current} empty={t.emptyCurrent} repairs={current} />
      <RepairSection id="repairs-completed" title={t.completed} empty={t.emptyCompleted} repairs={completed} />
    </>
  );
}
