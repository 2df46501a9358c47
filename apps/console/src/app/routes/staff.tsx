import { Button } from "@mieter-portal/ui/button";
import { useQuery } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { EmptyState, LoadError, Loading, PageHeader, useDocumentTitle } from "@/components/page";
import { RequireCapability } from "@/components/require-capability";
import { staffQueryOptions } from "@/features/staff/api";
import { StaffFormDialog } from "@/features/staff/components/staff-form-dialog";
import { StaffTable } from "@/features/staff/components/staff-table";

function StaffScreen() {
  const staff = useQuery(staffQueryOptions());
  return (
    <>
      <PageHeader
        title="Mitarbeiter"
        description="Wer in der Verwaltung arbeitet, mit Rolle und Gebäuden."
        actions={
          <StaffFormDialog
            trigger={(open) => (
              <Button onClick={open}>
                <UserPlus aria-hidden="true" />
                Mitarbeiter einladen
              </Button>
            )}
          />
        }
      />
      {staff.isPending ? (
        <Loading />
      ) : staff.isError ? (
        <LoadError error={staff.error} onRetry={() => staff.refetch()} />
      ) : staff.data.length === 0 ? (
        <EmptyState>Noch keine Mitarbeiter.</EmptyState>
      ) : (
        <StaffTable members={staff.data} />
      )}
    </>
  );
}

export function Component() {
  useDocumentTitle("Mitarbeiter");
  return (
    <RequireCapability capability="manage_staff">
      <StaffScreen />
    </RequireCapability>
  );
}
