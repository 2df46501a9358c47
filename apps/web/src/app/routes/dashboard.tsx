import { useQueries } from "@tanstack/react-query";
import { FileText, Gauge, MessageSquare, Wrench } from "lucide-react";
import { lazy, Suspense } from "react";
import { offlineNoDataMessage, QueryErrorAlert } from "@/components/query-error/query-error-alert";
import { appointmentPath, messagePath, paths } from "@/config/paths";
import { getUpcomingAppointmentsQueryOptions } from "@/features/appointments/api/get-appointments";
import { UpcomingAppointments } from "@/features/appointments/components/upcoming-appointments";
import { getUserQueryOptions } from "@/features/auth/api/get-user";
import { useSessionUser } from "@/features/auth/components/auth-provider";
import { DashboardFooter } from "@/features/dashboard/components/dashboard-footer";
import { Greeting } from "@/features/dashboard/components/greeting";
import { QuickAccess, type Shortcut } from "@/features/dashboard/components/quick-access";
import { dashboardTexts } from "@/features/dashboard/texts";
import { getCurrentPaymentQueryOptions } from "@/features/finances/api/get-current-payment";
import { NextRentCard } from "@/features/finances/components/next-rent-card";
import { getLatestMessagesQueryOptions } from "@/features/messages/api/get-messages";
import { LatestMessages } from "@/features/messages/components/latest-messages";
import { getMeterCampaignsQueryOptions } from "@/features/meter-readings/api/get-meter-campaigns";
import { MeterCampaignCard } from "@/features/meter-readings/components/meter-campaign-card";
import { getDashboardNoticesQueryOptions } from "@/features/notices/api/get-notices";
import { CurrentNotices } from "@/features/notices/components/current-notices";
import { ApiRequestError } from "@/lib/api/errors";
import { useAfterStartup } from "@/lib/use-after-startup";
import { LoadingState } from "../loading-state";

/** Spec section 9: dashboard queries retry up to 3 times (never on a rejected session, nor offline). */
const DASHBOARD_RETRIES = 3;
function retry(failureCount: number, error: Error) {
  if (error instanceof ApiRequestError && error.status === 401) return false;
  // Offline without a cached copy a retry cannot succeed: the no-data message at once (issue 25).
  if (offlineNoDataMessage(error)) return false;
  return failureCount < DASHBOARD_RETRIES;
}

/** Issue 27 §3: what the crews did today, in its own chunk and read after the first screen. */
const TodayServices = lazy(() => import("@/features/services/components/today-services"));

const SHORTCUTS: Shortcut[] = [
  { label: paths.documents.title, path: paths.documents.path, icon: FileText },
  { label: paths.meterReadings.title, path: paths.meterReadings.path, icon: Gauge },
  { label: paths.repairs.title, path: paths.repairs.path, icon: Wrench },
  { label: paths.messages.title, path: paths.messages.path, icon: MessageSquare },
];

export function Component() {
  const sessionUser = useSessionUser();
  const started = useAfterStartup();
  const [userQuery, paymentQuery, messagesQuery, appointmentsQuery, noticesQuery, campaignsQuery] = useQueries({
    queries: [
      { ...getUserQueryOptions(), retry },
      { ...getCurrentPaymentQueryOptions(), retry },
      // Small reads (issue 10): the 2 newest messages the tenant received (the management's, not
      // their own: issue 12), and the next appointments the notifications read too (the
      // dashboard shows the first 2 of them).
      { ...getLatestMessagesQueryOptions("received"), retry },
      { ...getUpcomingAppointmentsQueryOptions(), retry },
      // Issue 14 §4: the current notices (Aushänge), above the quick-access grid.
      { ...getDashboardNoticesQueryOptions(), retry },
      // Issue 14 §5: a meter reading campaign asking this tenant now (the card leads to the form).
      { ...getMeterCampaignsQueryOptions(), retry },
    ],
  });
  const all = [userQuery, paymentQuery, messagesQuery, appointmentsQuery, noticesQuery, campaignsQuery];

  if (all.some((q) => q.isPending && q.fetchStatus !== "idle") || all.every((q) => q.isPending)) {
    return <LoadingState text={dashboardTexts.loading} />;
  }

  const user = userQuery.data;
  const failed = all.filter((q) => q.isError);

  return (
    <div className="grid grid-cols-1 gap-4">
      <Greeting
        firstName={user?.first_name ?? user?.firstName ?? sessionUser.first_name ?? sessionUser.firstName}
        address={user?.address ?? sessionUser.address}
        apartmentNumber={user?.apartment_number ?? sessionUser.apartment_number}
      />
      {failed.length > 0 ? (
        <QueryErrorAlert
          error={failed.find((q) => offlineNoDataMessage(q.error))?.error ?? failed[0]?.error}
          title={dashboardTexts.loadError}
          onRetry={() => failed.forEach((q) => void q.refetch())}
        />
      ) : null}
      <NextRentCard payment={paymentQuery.data ?? null} financesPath={paths.finances.path} />
      <CurrentNotices notices={noticesQuery.data ?? []} noticesPath={paths.notices.path} />
      <MeterCampaignCard campaigns={campaignsQuery.data ?? []} meterReadingsPath={paths.meterReadings.path} />
      {started ? (
        <Suspense fallback={null}>
          <TodayServices servicesPath={paths.services.path} />
        </Suspense>
      ) : null}
      <QuickAccess shortcuts={SHORTCUTS} />
      <LatestMessages
        messages={messagesQuery.data ?? []}
        messagesPath={paths.messages.path}
        messagePath={messagePath}
      />
      <UpcomingAppointments
        appointments={appointmentsQuery.data ?? []}
        appointmentsPath={paths.appointments.path}
        appointmentPath={appointmentPath}
      />
      <DashboardFooter email={user?.email ?? sessionUser.email} />
    </div>
  );
}
