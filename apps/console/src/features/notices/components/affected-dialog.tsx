import type { StaffNotice } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { EmptyState, LoadError, Loading } from "@/components/page";
import { paths } from "@/config/paths";
import { formatDateTime } from "@/lib/format";
import { noticeQueryOptions } from "../api";

/** Who answered "Betrifft mich auch" (of the staff member's buildings), first answer first. */
export function AffectedDialog({ notice }: { notice: StaffNotice }) {
  const [open, setOpen] = useState(false);
  const detail = useQuery({ ...noticeQueryOptions(notice.id), enabled: open });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)} aria-label={`Betroffene von „${notice.title}“`}>
        Betroffene ansehen
      </Button>
      <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Betrifft mich auch</DialogTitle>
          <DialogDescription>
            Mieter, die bei „{notice.title}“ geantwortet haben, dass die Störung sie auch betrifft.
          </DialogDescription>
        </DialogHeader>
        {detail.isPending ? (
          <Loading />
        ) : detail.isError ? (
          <LoadError error={detail.error} onRetry={() => detail.refetch()} />
        ) : detail.data.affected.length === 0 ? (
          <EmptyState>Noch niemand.</EmptyState>
        ) : (
          <ul className="grid gap-2" aria-label="Betroffene Mieter">
            {detail.data.affected.map(({ tenant, at }) => (
              <li key={tenant.id} className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                <span>
                  <Link to={paths.tenant(tenant.id)} className="font-medium text-link hover:underline">
                    {tenant.name}
                  </Link>
                  {tenant.unit ? <span className="text-muted-foreground"> · Whg. {tenant.unit}</span> : null}
                </span>
                <span className="text-muted-foreground">{formatDateTime(at)}</span>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
