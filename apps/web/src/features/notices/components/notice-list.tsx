import type { TenantNotice } from "@mieter-portal/contracts";
import { emergenciesFirst } from "../notice-format";
import { noticeTexts } from "../texts";
import { NoticeItem } from "./notice-item";

/** Every current notice, emergencies first, each with its whole text. */
export function NoticeList({ notices }: { notices: TenantNotice[] }) {
  if (notices.length === 0) {
    return <p className="rounded-xl bg-muted/60 p-4 text-sm text-muted-foreground">{noticeTexts.empty}</p>;
  }
  return (
    <ul className="grid grid-cols-1 gap-3" aria-label={noticeTexts.title}>
      {emergenciesFirst(notices).map((notice) => (
        <li key={notice.id}>
          <NoticeItem notice={notice} headingLevel={2} />
        </li>
      ))}
    </ul>
  );
}
