import { useQuery } from "@tanstack/react-query";
import { Sparkles } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { getServicesQueryOptions } from "../api/get-services";
import { isToday, serviceTime } from "../format";
import { serviceTexts } from "../texts";

/**
 * The dashboard's line for what the crews did today in the tenant's house (issue 27 §3), e.g.
 * "Winterdienst: erledigt um 5:40 Uhr". Nothing on a day without a finished service. The dashboard
 * mounts it only after its first screen (useAfterStartup), so it never delays the rent and the
 * greeting; a failed read shows nothing here (the Hausdienste screen says why).
 */
export default function TodayServices({ servicesPath }: { servicesPath: string }) {
  const services = useQuery({ ...getServicesQueryOptions(), meta: { silent: true } });
  const today = (services.data?.services ?? []).flatMap((s) =>
    s.last_done && isToday(s.last_done.finished_at)
      ? [{ id: s.service_kind_id, name: s.name, finishedAt: s.last_done.finished_at }]
      : [],
  );
  if (today.length === 0) return null;
  return (
    <Card aria-labelledby="today-services-title" data-testid="dashboard-services">
      {/* The link goes below the title where both do not fit in a line (320 and 360 px): beside
          it, the title's one long word broke in the middle ("Hausdiens|te heute"). */}
      <CardHeader className="flex-wrap">
        <CardTitle id="today-services-title" className="flex items-center gap-2">
          <Sparkles className="size-5 text-primary" aria-hidden="true" />
          {serviceTexts.dashboardTitle}
        </CardTitle>
        <Button asChild variant="link" size="sm" className="px-1">
          <Link to={servicesPath}>{serviceTexts.dashboardLink}</Link>
        </Button>
      </CardHeader>
      <ul className="grid grid-cols-1 gap-1 text-sm">
        {today.map((s) => (
          <li key={s.id}>{serviceTexts.dashboardDone(s.name, serviceTime(s.finishedAt))}</li>
        ))}
      </ul>
    </Card>
  );
}
