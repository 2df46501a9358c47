import { LegalPage } from "@/features/legal/components/legal-page";
import { cookiePolicy } from "@/features/legal/cookie-policy";
import { useBrand } from "@/lib/brand";

export function Component() {
  const brand = useBrand();
  return <LegalPage document={cookiePolicy(brand)} />;
}
