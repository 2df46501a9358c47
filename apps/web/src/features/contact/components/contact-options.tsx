import type { BrandConfig } from "@mieter-portal/contracts";
import { Building2, Mail, Phone, PhoneCall, Siren } from "lucide-react";
import { useId } from "react";
import { BreakableEmail } from "@/components/text/breakable-email";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { telHref } from "@/lib/format";
import { contactTexts } from "../texts";

type ContactBrand = Pick<BrandConfig, "supportEmail" | "supportPhone" | "supportHours" | "officeAddress">;

/** E-mail with reply time, phone with hours, office with visits by appointment. */
export function ContactOptions({ brand }: { brand: ContactBrand }) {
  const id = useId();
  const t = contactTexts;
  const linkClass = "font-medium text-link underline underline-offset-4 wrap-break-word";
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t.optionsTitle}</CardTitle>
      </CardHeader>
      <ul className="grid grid-cols-1 gap-4 text-sm">
        <li className="flex items-start gap-3">
          <Mail className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="grid min-w-0 gap-0.5">
            <span className="font-semibold">{t.email}</span>
            <a href={`mailto:${brand.supportEmail}`} className={linkClass}>
              <BreakableEmail value={brand.supportEmail} />
            </a>
            <span className="text-muted-foreground">{t.emailHint}</span>
          </div>
        </li>
        <li className="flex items-start gap-3">
          <Phone className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="grid min-w-0 gap-0.5">
            <span className="font-semibold">{t.phone}</span>
            <a href={telHref(brand.supportPhone)} className={linkClass}>
              {brand.supportPhone}
            </a>
            <span className="text-muted-foreground">{t.phoneHours(brand.supportHours)}</span>
          </div>
        </li>
        <li className="flex items-start gap-3">
          <Building2 className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="grid min-w-0 gap-0.5">
            <span className="font-semibold">{t.office}</span>
            <address className="not-italic">{brand.officeAddress}</address>
            <span className="text-muted-foreground">{t.officeHint}</span>
          </div>
        </li>
      </ul>
    </Card>
  );
}

/** Out-of-hours emergencies: a call button for the hotline. */
export function EmergencyBox({ hotline }: { hotline: string }) {
  const id = useId();
  const t = contactTexts;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid min-w-0 grid-cols-1 gap-3 rounded-2xl border border-destructive/40 bg-danger-soft p-4 text-danger-soft-foreground"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-semibold">
        <Siren className="size-5 shrink-0" aria-hidden="true" />
        {t.emergencyTitle}
      </h2>
      <p className="text-sm">{t.emergencyIntro}</p>
      <ul className="grid list-disc gap-1 pl-5 text-sm">
        {t.emergencies.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {/* Wraps between label and number on narrow screens instead of running off the card. */}
      <Button asChild variant="destructive" className="h-auto min-h-11 justify-self-start py-2 whitespace-normal">
        <a href={telHref(hotline)} aria-label={t.emergencyCallLabel(hotline)} className="flex-wrap">
          <PhoneCall aria-hidden="true" />
          <span>{t.emergencyCall} ·</span> <span className="whitespace-nowrap">{hotline}</span>
        </a>
      </Button>
    </section>
  );
}
