import type { InvitationStatus, StaffTenantSummary } from "@mieter-portal/contracts/staff";
import { Badge } from "@mieter-portal/ui/badge";
import { Button } from "@mieter-portal/ui/button";
import { toast } from "@mieter-portal/ui/use-toast";
import { FileDown, Send } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useBulkInvite, useInvitationLetters } from "../api";
import { INVITATION_STATUS, saveBlob } from "../onboarding-labels";

/** Tenants who can be invited (no password yet): by mail with an address, by letter without. */
const invitable = (t: { invitation_status: InvitationStatus }) => t.invitation_status !== "active";

/**
 * The tenants found, each with its access; who may onboard picks those without access and invites
 * them by mail (with an address) or prints their letters (without).
 */
export function TenantList({ items, canOnboard }: { items: StaffTenantSummary[]; canOnboard: boolean }) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const bulk = useBulkInvite();
  const letters = useInvitationLetters();
  const selectable = items.filter(invitable);
  const chosenTenants = selectable.filter((t) => selected.has(t.id));
  const chosen = chosenTenants.filter((t) => t.email !== "").map((t) => t.id);
  const chosenForLetters = chosenTenants.filter((t) => t.email === "").map((t) => t.id);

  async function printChosen() {
    try {
      const pdf = await letters.mutateAsync(chosenForLetters);
      saveBlob(pdf, `Einladungsbriefe ${chosenForLetters.length} Mieter.pdf`);
      setSelected((current) => new Set([...current].filter((id) => !chosenForLetters.includes(id))));
      toast({
        title:
          chosenForLetters.length === 1
            ? "1 Einladungsbrief erstellt"
            : `${chosenForLetters.length} Einladungsbriefe erstellt`,
        description:
          "Eine PDF-Datei, ein Brief je Seite. Link und Registrierungscode gelten 30 Tage; ältere Einladungen gelten nicht mehr.",
      });
    } catch (error) {
      toast({ variant: "destructive", title: "Briefe nicht erstellt", description: errorMessage(error) });
    }
  }

  async function inviteChosen() {
    try {
      const result = await bulk.mutateAsync(chosen);
      setSelected((current) => new Set([...current].filter((id) => !chosen.includes(id))));
      toast({
        title: result.sent === 1 ? "1 Einladung gesendet" : `${result.sent} Einladungen gesendet`,
        description:
          result.skipped.length > 0
            ? `Nicht gesendet: ${result.skipped.map((s) => `${s.name || "unbekannt"} (${s.reason})`).join("; ")}`
            : "Jeder Link gilt 72 Stunden.",
      });
    } catch (error) {
      toast({ variant: "destructive", title: "Einladungen nicht gesendet", description: errorMessage(error) });
    }
  }

  return (
    <>
      {canOnboard && selectable.length > 0 ? (
        <div className="mb-3 flex flex-wrap items-center gap-3 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={chosenTenants.length === selectable.length}
              onChange={(e) => setSelected(new Set(e.target.checked ? selectable.map((t) => t.id) : []))}
            />
            Alle ohne Zugang auswählen ({selectable.length})
          </label>
          <Button size="sm" disabled={chosen.length === 0 || bulk.isPending} onClick={inviteChosen}>
            <Send aria-hidden="true" />
            {bulk.isPending
              ? "Wird gesendet…"
              : chosen.length === 0
                ? "Einladungen senden"
                : chosen.length === 1
                  ? "1 Einladung senden"
                  : `${chosen.length} Einladungen senden`}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={chosenForLetters.length === 0 || letters.isPending}
            onClick={printChosen}
          >
            <FileDown aria-hidden="true" />
            {letters.isPending
              ? "Briefe werden erstellt…"
              : chosenForLetters.length === 0
                ? "Briefe drucken"
                : chosenForLetters.length === 1
                  ? "1 Brief drucken"
                  : `${chosenForLetters.length} Briefe drucken`}
          </Button>
          {chosenForLetters.length > 0 ? (
            <span className="text-muted-foreground">Briefe für die Ausgewählten ohne E-Mail-Adresse.</span>
          ) : null}
        </div>
      ) : null}
      <ul className="grid gap-2" aria-label="Mieter">
        {items.map((t) => (
          <li
            key={t.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-border bg-card p-4"
          >
            <div className="flex min-w-0 items-start gap-3">
              {canOnboard && invitable(t) ? (
                <input
                  type="checkbox"
                  aria-label={`${t.name} auswählen`}
                  className="mt-1 size-4 shrink-0 accent-primary"
                  checked={selected.has(t.id)}
                  onChange={(e) =>
                    setSelected((current) => {
                      const next = new Set(current);
                      if (e.target.checked) next.add(t.id);
                      else next.delete(t.id);
                      return next;
                    })
                  }
                />
              ) : null}
              <div className="grid min-w-0 gap-0.5">
                <Link to={paths.tenant(t.id)} className="font-semibold text-link hover:underline">
                  {t.name}
                </Link>
                <span className="text-sm [overflow-wrap:anywhere] text-muted-foreground">
                  {[t.address, t.unit ? `Whg. ${t.unit}` : null].filter(Boolean).join(", ") || "Keine Adresse"} ·{" "}
                  {t.email || "keine E-Mail-Adresse"}
                </span>
              </div>
            </div>
            <div className="flex flex-wrap gap-2">
              <Badge tone={INVITATION_STATUS[t.invitation_status].tone}>
                {INVITATION_STATUS[t.invitation_status].label}
              </Badge>
              {t.tenancy_active ? null : <Badge tone="neutral">Mietverhältnis beendet</Badge>}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
