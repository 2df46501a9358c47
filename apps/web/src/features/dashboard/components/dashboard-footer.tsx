import { BreakableEmail } from "@/components/text/breakable-email";
import { dashboardTexts } from "../texts";

export function DashboardFooter({ email }: { email: string }) {
  return (
    <footer className="pt-2 pb-4 text-center text-xs text-muted-foreground">
      <p>
        {dashboardTexts.signedInAs}{" "}
        <span data-testid="dashboard-email" className="wrap-break-word">
          <BreakableEmail value={email} />
        </span>
      </p>
      <p className="mt-1">{dashboardTexts.logoutHint}</p>
    </footer>
  );
}
