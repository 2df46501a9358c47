import type { BrandConfig } from "@mieter-portal/contracts";
import { Info } from "lucide-react";
import { useId } from "react";
import { BreakableEmail } from "@/components/text/breakable-email";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { telHref } from "@/lib/format";
import { settingsTexts } from "../texts";

/** Version and the brand's imprint (from /api/v1/config). */
export function AboutCard({ brand, version }: { brand: BrandConfig; version: string }) {
  const id = useId();
  const t = settingsTexts;
  const { imprint } = brand;
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <Info className="size-5 text-primary" aria-hidden="true" />
          {t.aboutTitle}
        </CardTitle>
      </CardHeader>
      <p className="text-sm">
        {brand.companyName} · Mieter-Portal
        <br />
        <span className="text-muted-foreground">
          {t.version} <span data-testid="app-version">{version}</span>
        </span>
      </p>
      <h3 className="mt-4 mb-1 text-sm font-semibold">{t.imprintTitle}</h3>
      <address className="grid gap-0.5 text-sm not-italic text-muted-foreground" data-testid="imprint">
        {imprint.legalName ? <span className="font-medium text-foreground">{imprint.legalName}</span> : null}
        <span>{brand.officeAddress}</span>
        {imprint.representative ? <span>{imprint.representative}</span> : null}
        {imprint.register ? <span>{imprint.register}</span> : null}
        {imprint.vatId ? <span>{imprint.vatId}</span> : null}
        <span className="mt-2">
          {t.email}:{" "}
          <a href={`mailto:${brand.supportEmail}`} className="text-link underline underline-offset-4 wrap-break-word">
            <BreakableEmail value={brand.supportEmail} />
          </a>
        </span>
        <span>
          {t.phone}:{" "}
          <a href={telHref(brand.supportPhone)} className="text-link underline underline-offset-4">
            {brand.supportPhone}
          </a>{" "}
          ({brand.supportHours})
        </span>
      </address>
    </Card>
  );
}
