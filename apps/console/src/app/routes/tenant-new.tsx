import { PageHeader, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { NewTenantForm } from "@/features/tenants/components/new-tenant-form";
import { TenanciesOnly } from "@/features/tenants/components/tenancies-only";

export function Component() {
  useDocumentTitle("Mieter anlegen");
  return (
    <TenanciesOnly>
      <PageHeader
        title="Mieter anlegen"
        back={{ to: paths.tenants, label: "Zur Mieterliste" }}
        description="Mieter mit Mietverhältnis. Statt eines Passworts erhält der Mieter eine Einladung."
      />
      <NewTenantForm />
    </TenanciesOnly>
  );
}
