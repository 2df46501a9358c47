import { Home, MapPin } from "lucide-react";
import { dashboardTexts } from "../texts";

export function Greeting({
  firstName,
  address,
  apartmentNumber,
}: {
  firstName: string | null | undefined;
  address: string | null | undefined;
  apartmentNumber: string | null | undefined;
}) {
  return (
    <section aria-labelledby="greeting" className="grid grid-cols-1 gap-2">
      <h1 id="greeting" className="text-2xl font-bold">
        {dashboardTexts.greeting(firstName?.trim() ?? "")}
      </h1>
      <dl className="grid grid-cols-1 gap-1 text-sm text-muted-foreground">
        <div className="flex items-center gap-2">
          <dt className="sr-only">{dashboardTexts.addressLabel}</dt>
          <MapPin className="size-4 shrink-0" aria-hidden="true" />
          <dd data-testid="dashboard-address">{address?.trim() || dashboardTexts.noAddress}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="sr-only">Wohnungsnummer</dt>
          <Home className="size-4 shrink-0" aria-hidden="true" />
          <dd data-testid="dashboard-apartment">
            {apartmentNumber?.trim() ? dashboardTexts.apartment(apartmentNumber.trim()) : dashboardTexts.noApartment}
          </dd>
        </div>
      </dl>
    </section>
  );
}
