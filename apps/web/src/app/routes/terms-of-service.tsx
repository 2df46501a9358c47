import { LegalPage } from "@/features/legal/components/legal-page";
import { termsOfService } from "@/features/legal/terms-of-service";
import { useBrand } from "@/lib/brand";

export function Component() {
  const brand = useBrand();
  return <LegalPage document={termsOfService(brand)} />;
}
