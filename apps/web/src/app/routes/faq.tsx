import { paths } from "@/config/paths";
import { FaqView } from "@/features/faq/components/faq-view";
import { faqCategories } from "@/features/faq/faq-content";
import { useBrand } from "@/lib/brand";

export function Component() {
  const brand = useBrand();
  return (
    <FaqView categories={faqCategories(brand)} supportEmail={brand.supportEmail} settingsPath={paths.settings.path} />
  );
}
