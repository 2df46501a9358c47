import { type ReactNode, useId } from "react";
import { useBrand } from "@/lib/brand";
import { authTexts } from "../texts";
import { BrandMark } from "./brand-mark";

/** Frame of the signed-out pages: login, 'Passwort vergessen?' and the reset link. */
export function SignedOutLayout({ heading, intro, children }: { heading: string; intro: string; children: ReactNode }) {
  const brand = useBrand();
  const headingId = useId();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-between bg-background px-4 pt-[max(2.5rem,env(safe-area-inset-top))] pb-6">
      <main className="flex w-full max-w-md flex-1 flex-col justify-center gap-6">
        <div className="flex flex-col items-center gap-3 text-center">
          <BrandMark logoText={brand.logoText} />
          <div>
            <p className="text-lg font-semibold">{brand.companyName}</p>
            <p className="text-sm text-muted-foreground">Mieter-Portal</p>
          </div>
        </div>
        <section
          aria-labelledby={headingId}
          className="rounded-2xl border border-border bg-card p-6 text-card-foreground shadow-sm"
        >
          <h1 id={headingId} className="text-2xl font-bold">
            {heading}
          </h1>
          <p className="mt-1 mb-5 text-sm text-muted-foreground">{intro}</p>
          {children}
        </section>
      </main>
      <footer className="mt-8 text-center text-xs text-muted-foreground">
        {authTexts.copyright(new Date().getFullYear(), brand.companyName)}
      </footer>
    </div>
  );
}
