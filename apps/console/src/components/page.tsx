import { Button } from "@mieter-portal/ui/button";
import { cn } from "@mieter-portal/ui/utils";
import { ArrowLeft, LoaderCircle } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Link } from "react-router";
import { ApiError, errorMessage } from "@/lib/api-client";

/** Sets the tab title: '<title> · Die Verwaltung'. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Die Verwaltung`;
  }, [title]);
}

export function PageHeader({
  title,
  description,
  back,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
}) {
  return (
    <header className="mb-6 grid gap-2">
      {back ? (
        <Link
          to={back.to}
          className="inline-flex w-fit items-center gap-1 rounded-md text-sm text-link hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {back.label}
        </Link>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h1 className="text-2xl font-semibold break-words">{title}</h1>
          {description ? <div className="text-sm text-muted-foreground">{description}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}

export function Section({
  title,
  children,
  className,
  actions,
  headingId,
}: {
  title: ReactNode;
  children: ReactNode;
  className?: string;
  actions?: ReactNode;
  headingId?: string;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className={cn("rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm md:p-5", className)}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function Loading({ label = "Wird geladen…" }: { label?: string }) {
  return (
    <div role="status" className="flex items-center gap-2 py-8 text-sm text-muted-foreground">
      <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      {label}
    </div>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  // What does not exist (or is not this staff member's to see) will not appear by trying again.
  const gone = error instanceof ApiError && error.status === 404;
  return (
    <div role="alert" className="grid gap-3 rounded-xl border border-border bg-card p-5">
      <p className="font-medium">{gone ? "Nicht gefunden." : "Die Daten konnten nicht geladen werden."}</p>
      <p className="text-sm text-muted-foreground">{errorMessage(error)}</p>
      {onRetry && !gone ? (
        <Button variant="outline" className="w-fit" onClick={onRetry}>
          Erneut versuchen
        </Button>
      ) : null}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-muted px-4 py-6 text-center text-sm text-muted-foreground">{children}</p>;
}

/** Term–value pairs (details of a repair, a tenancy). */
export function DetailList({ items }: { items: { term: string; value: ReactNode }[] }) {
  return (
    // Two columns only where the card is wide enough (container query), not by the window's width.
    <div className="@container">
      <dl className="grid gap-x-6 gap-y-3 @md:grid-cols-2">
        {items.map((item) => (
          <div key={item.term} className="grid min-w-0 gap-0.5">
            <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{item.term}</dt>
            <dd className="text-sm [overflow-wrap:anywhere]">{item.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
