import { BETRKV_CATEGORY_LABELS } from "@mieter-portal/contracts/services";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import { LoadError, Loading, Section } from "@/components/page";
import { serviceKindsQueryOptions } from "../api/queries";
import { KindForm } from "./kind-form";

/** The catalogue: every service with its Betriebskosten category (BetrKV § 2), and "Leistung hinzufügen". */
export function CatalogueSection() {
  const kinds = useQuery(serviceKindsQueryOptions());
  const [open, setOpen] = useState(false);
  return (
    <Section
      title="Leistungskatalog"
      headingId="catalogue-heading"
      actions={
        <Dialog open={open} onOpenChange={setOpen}>
          <Button variant="outline" onClick={() => setOpen(true)}>
            <Plus aria-hidden="true" />
            Leistung hinzufügen
          </Button>
          <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto">
            <DialogHeader>
              <DialogTitle>Leistung hinzufügen</DialogTitle>
              <DialogDescription>
                Eine eigene Leistung mit ihrer Betriebskostenart; Pläne übernehmen ihre Checkliste.
              </DialogDescription>
            </DialogHeader>
            <KindForm onDone={() => setOpen(false)} />
          </DialogContent>
        </Dialog>
      }
    >
      {kinds.isPending ? (
        <Loading />
      ) : kinds.isError ? (
        <LoadError error={kinds.error} onRetry={() => kinds.refetch()} />
      ) : (
        <ul className="grid divide-y divide-border" aria-labelledby="catalogue-heading">
          {kinds.data.map((kind) => (
            <li key={kind.id} className="grid gap-0.5 py-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] sm:gap-4">
              <span className="font-medium break-words">{kind.name}</span>
              <span className="text-sm text-muted-foreground break-words">{BETRKV_CATEGORY_LABELS[kind.category]}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
