import type { TenantNotice } from "@mieter-portal/contracts";
import { Megaphone } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { emergenciesFirst } from "../notice-format";
import { DASHBOARD_NOTICE_COUNT, DASHBOARD_NOTICE_PREVIEW, noticeTexts } from "../texts";
import { NoticeItem } from "./notice-item";

/**
 * The dashboard's current notices, above the quick-access grid (issue 14 §4): emergencies first,
 * at most DASHBOARD_NOTICE_COUNT, with the way to all of them. Nothing when there is none.
 */
export function CurrentNotices({ notices, noticesPath }: { notices: TenantNotice[]; noticesPath: string }) {
  if (notices.length === 0) return null;
  const shown = emergenciesFirst(notices).slice(0, DASHBOARD_NOTICE_COUNT);
  return (
    <Card aria-labelledby="current-notices-title" data-testid="dashboard-notices">
      <CardHeader>
        <CardTitle id="current-notices-title" className="flex items-center gap-2">
          <Megaphone className="size-5 text-primary" aria-hidden="true" />
          {noticeTexts.dashboardTitle}
        </CardTitle>
        <Button asChild variant="link" size="sm" className="px-1">
          <Link to={noticesPath}>{noticeTexts.viewAll}</Link>
        </Button>
      </CardHeader>
      <ul className="grid grid-cols-1 gap-3">
        {shown.map((notice) => (
          <li key={notice.id}>
            <NoticeItem notice={notice} preview={DASHBOARD_NOTICE_PREVIEW} />
          </li>
        ))}
      </ul>
      {notices.length > shown.length ? (
        <p className="mt-3 text-sm">
          <Link to={noticesPath} className="text-link underline-offset-2 hover:underline">
            {noticeTexts.more}
          </Link>
        </p>
      ) : null}
    </Card>
  );
}
