import { LegalPage } from "@/features/legal/components/legal-page";
import { privacyPolicy } from "@/features/legal/privacy-policy";
import { useBrand } from "@/lib/brand";

export function Component() {
  const brand = useBrand();
  return <LegalPage document={privacyPolicy(brand)} />;
}
