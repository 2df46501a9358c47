import type { TenantNotice } from "@mieter-portal/contracts";
import { Info, TriangleAlert } from "lucide-react";
import { cn } from "@/lib/utils";
import { noticeKindLabel, noticePeriod } from "../notice-format";
import { noticeTexts } from "../texts";
import { AffectedButton } from "./affected-button";

/** At most `max` characters, cut after a whole word where one ends late enough, with "…". */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * One notice. An emergency stands out by its red surface, a warning icon and the words "Störung:
 * …" (not by colour alone); its text keeps the contrast of normal text on that surface.
 */
export function NoticeItem({
  notice,
  preview,
  headingLevel = 3,
}: {
  notice: TenantNotice;
  /** Characters of the text to show; absent: the whole text. */
  preview?: number;
  headingLevel?: 2 | 3;
}) {
  const emergency = notice.kind === "emergency";
  const Icon = emergency ? TriangleAlert : Info;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const text = preview === undefined ? notice.text : shorten(notice.text, preview);
  return (
    <article
      aria-labelledby={`notice-${notice.id}-title`}
      data-testid="notice"
      data-kind={notice.kind}
      className={cn(
        "grid min-w-0 gap-2 rounded-xl p-3",
        emergency
          ? "border border-destructive/50 bg-danger-soft text-danger-soft-foreground"
          : "bg-muted/60 text-foreground",
      )}
    >
      <p className="flex items-start gap-1.5 text-xs">
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        <span>
          <span className="font-semibold tracking-wide uppercase" data-testid="notice-kind">
            {noticeKindLabel(notice)}
          </span>{" "}
          · {notice.for_all_buildings ? noticeTexts.forAllBuildings : noticeTexts.forYourBuilding}
        </span>
      </p>
      <Heading id={`notice-${notice.id}-title`} className="text-base font-semibold break-words">
        {notice.title}
      </Heading>
      <p className={cn("text-xs", emergency ? "" : "text-muted-foreground")} data-testid="notice-period">
        {noticePeriod(notice)}
      </p>
      <p className="text-sm break-words whitespace-pre-line" data-testid="notice-text">
        {text}
      </p>
      <AffectedButton notice={notice} />
    </article>
  );
}
