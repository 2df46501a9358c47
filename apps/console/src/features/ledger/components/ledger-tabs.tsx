import { LinkTabs } from "@/components/link-tabs";
import { paths } from "@/config/paths";

const TABS = [
  { to: paths.ledger, label: "Mietkonten", end: true },
  { to: paths.ledgerOverdue, label: "Überfällig" },
  { to: paths.ledgerImport, label: "Kontoauszug importieren" },
  { to: paths.ledgerUnmatched, label: "Nicht zugeordnet" },
];

/** Between the ledger's four lists. */
export function LedgerTabs() {
  return <LinkTabs label="Finanzen" tabs={TABS} />;
}
