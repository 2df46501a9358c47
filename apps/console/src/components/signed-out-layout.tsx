import type { ReactNode } from "react";
import { useCompanyName } from "@/lib/brand";
import { ThemeToggle } from "./theme-toggle";

/** Sign-in and invitation: one centred card under the console's name. */
export function SignedOutLayout({ title, children }: { title: string; children: ReactNode }) {
  const company = useCompanyName();
  return (
    <div className="min-h-dvh bg-background px-4 py-8">
      <div className="mx-auto flex max-w-md justify-end">
        <ThemeToggle />
      </div>
      <main id="inhalt" className="mx-auto mt-4 grid max-w-md gap-6">
        <div className="grid justify-items-center gap-2 text-center">
          <div
            aria-hidden="true"
            className="flex size-14 items-center justify-center rounded-2xl bg-primary text-xl font-bold text-primary-foreground"
          >
            DV
          </div>
          <p className="text-sm font-medium text-muted-foreground">Die Verwaltung{company ? ` · ${company}` : ""}</p>
          <h1 className="text-2xl font-semibold">{title}</h1>
        </div>
        <div className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6">{children}</div>
      </main>
    </div>
  );
}
