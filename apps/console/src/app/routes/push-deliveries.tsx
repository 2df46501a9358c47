import { useQuery } from "@tanstack/react-query";
import { LoadError, Loading, PageHeader, useDocumentTitle } from "@/components/page";
import { RequireCapability } from "@/components/require-capability";
import { pushDeliveriesQueryOptions } from "@/features/push/api";
import { PushDeliveries } from "@/features/push/components/push-deliveries";

function PushDeliveriesScreen() {
  const overview = useQuery(pushDeliveriesQueryOptions());
  return (
    <>
      <PageHeader
        title="Push-Zustellung"
        description="Was aus den Push-Nachrichten an Mieter und Mitarbeiter der letzten 7 Tage wurde, und wie viele Geräte Push erhalten."
      />
      {overview.isPending ? (
        <Loading />
      ) : overview.isError ? (
        <LoadError error={overview.error} onRetry={() => overview.refetch()} />
      ) : (
        <PushDeliveries overview={overview.data} />
      )}
    </>
  );
}

/** Administrators only (the server refuses everyone else): the same capability as the staff's administration. */
export function Component() {
  useDocumentTitle("Push-Zustellung");
  return (
    <RequireCapability capability="manage_staff">
      <PushDeliveriesScreen />
    </RequireCapability>
  );
}
