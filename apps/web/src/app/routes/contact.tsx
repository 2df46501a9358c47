import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { ContactForm } from "@/features/contact/components/contact-form";
import { ContactOptions, EmergencyBox } from "@/features/contact/components/contact-options";
import { contactTexts } from "@/features/contact/texts";
import { startConversation } from "@/features/messages/api/start-conversation";
import { useBrand } from "@/lib/brand";

export function Component() {
  const brand = useBrand();
  const t = contactTexts;
  return (
    <div className="grid grid-cols-1 gap-4">
      <Link
        to={paths.settings.path}
        className="inline-flex min-h-11 items-center gap-2 justify-self-start rounded-md text-sm font-medium text-link hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t.backToSettings}
      </Link>
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold">{t.heading}</h1>
        <p className="text-sm text-muted-foreground">{t.intro}</p>
      </header>
      <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-[3fr_2fr]">
        <ContactForm startConversation={startConversation} />
        <div className="grid min-w-0 grid-cols-1 gap-4">
          <ContactOptions brand={brand} />
          <EmergencyBox hotline={brand.emergencyHotline} />
        </div>
      </div>
    </div>
  );
}
