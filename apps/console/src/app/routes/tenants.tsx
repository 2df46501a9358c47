import { Badge } from "@mieter-portal/ui/badge";
import { Button } from "@mieter-portal/ui/button";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { SelectField, TextField } from "@/components/form-controls";
import { EmptyState, LoadError, Loading, PageHeader, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { tenantsQueryOptions } from "@/features/tenants/api";
import { buildingsQueryOptions } from "@/lib/shared-queries";

export function Component() {
  useDocumentTitle("Mieter");
  const [search, setSearch] = useSearchParams();
  const q = search.get("q") ?? "";
  const building = search.get("gebaeude");
  const [text, setText] = useState(q);
  const buildings = useQuery(buildingsQueryOptions());
  const tenants = useInfiniteQuery(tenantsQueryOptions(q, building));
  const items = tenants.data?.pages.flatMap((p) => p.items) ?? [];

  // The search runs 300 ms after the last key press and is kept in the URL.
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => {
      const next = new URLSearchParams(search);
      if (text.trim()) next.set("q", text.trim());
      else next.delete("q");
      setSearch(next, { replace: true });
    }, 300);
    return () => clearTimeout(timer);
  }, [text, q, search, setSearch]);

  return (
    <>
      <PageHeader title="Mieter" description="Suche nach Name, E-Mail-Adresse oder Adresse." />
      <search
        aria-label="Mieter suchen"
        className="mb-4 grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-[2fr_1fr]"
      >
        <TextField
          label="Suche"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="z. B. Meyer, Gartenstraße"
        />
        <SelectField
          label="Gebäude"
          value={building ?? ""}
          onChange={(e) => {
            const next = new URLSearchParams(search);
            if (e.target.value) next.set("gebaeude", e.target.value);
            else next.delete("gebaeude");
            setSearch(next);
          }}
        >
          <option value="">Alle Gebäude</option>
          {(buildings.data ?? []).map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </SelectField>
      </search>
      {tenants.isPending ? (
        <Loading />
      ) : tenants.isError ? (
        <LoadError error={tenants.error} onRetry={() => tenants.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>Keine Mieter gefunden.</EmptyState>
      ) : (
        <ul className="grid gap-2" aria-label="Mieter">
          {items.map((t) => (
            <li
              key={t.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-border bg-card p-4"
            >
              <div className="grid gap-0.5">
                <Link to={paths.tenant(t.id)} className="font-semibold text-link hover:underline">
                  {t.name}
                </Link>
                <span className="text-sm text-muted-foreground">
                  {[t.address, t.unit ? `Whg. ${t.unit}` : null].filter(Boolean).join(", ") || "Keine Adresse"} ·{" "}
                  {t.email}
                </span>
              </div>
              {t.tenancy_active ? null : <Badge tone="neutral">Mietverhältnis beendet</Badge>}
            </li>
          ))}
        </ul>
      )}
      {tenants.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" disabled={tenants.isFetchingNextPage} onClick={() => tenants.fetchNextPage()}>
            {tenants.isFetchingNextPage ? "Wird geladen…" : "Weitere laden"}
          </Button>
        </div>
      ) : null}
    </>
  );
}
