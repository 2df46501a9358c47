import { LinkTabs } from "@/components/link-tabs";
import { paths } from "@/config/paths";

const TABS = [
  { to: paths.sepa, label: "Einzüge", end: true },
  { to: paths.sepaReturns, label: "Rücklastschriften" },
  { to: paths.sepaCreditor, label: "Gläubigerdaten" },
];

/** Between the direct debit's screens: the runs (and a run), the returns, the creditor settings. */
export function SepaTabs() {
  return <LinkTabs label="Lastschrift" tabs={TABS} />;
}
