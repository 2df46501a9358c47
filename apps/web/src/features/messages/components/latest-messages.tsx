import type { MessageSummary } from "@mieter-portal/contracts";
import { MessageSquare } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { formatRelativeDate, truncate } from "@/lib/format";
import { DASHBOARD_MESSAGE_COUNT, MESSAGE_PREVIEW_LENGTH, messageTexts } from "../texts";

/** Newest first by received_at. */
export function latestMessages(messages: MessageSummary[], count = DASHBOARD_MESSAGE_COUNT): MessageSummary[] {
  const time = (m: MessageSummary) => {
    const t = Date.parse(m.received_at);
    return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
  };
  return [...messages].sort((a, b) => time(b) - time(a)).slice(0, count);
}

export function LatestMessages({
  messages,
  messagesPath,
  messagePath,
}: {
  messages: MessageSummary[];
  messagesPath: string;
  messagePath: (id: string) => string;
}) {
  const latest = latestMessages(messages);
  return (
    <Card aria-labelledby="latest-messages-title">
      <CardHeader>
        <CardTitle id="latest-messages-title" className="flex items-center gap-2">
          <MessageSquare className="size-5 text-primary" aria-hidden="true" />
          {messageTexts.latest}
        </CardTitle>
        <Button asChild variant="link" size="sm" className="px-1">
          <Link to={messagesPath}>{messageTexts.viewAll}</Link>
        </Button>
      </CardHeader>
      {latest.length === 0 ? (
        <p className="text-sm text-muted-foreground">{messageTexts.empty}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3">
          {latest.map((message) => (
            <li key={message.id} className="rounded-xl bg-muted/60 p-3" data-testid="dashboard-message">
              <div className="flex items-baseline justify-between gap-2">
                <p className="truncate text-sm font-semibold">{message.sender_name}</p>
                <p className="shrink-0 text-xs text-muted-foreground">{formatRelativeDate(message.received_at)}</p>
              </div>
              <p className="mt-1 text-sm break-words text-muted-foreground" data-testid="dashboard-message-content">
                {truncate(message.content, MESSAGE_PREVIEW_LENGTH)}
              </p>
              <div className="mt-2 flex justify-end">
                <Button asChild variant="outline" size="sm">
                  <Link to={messagePath(message.id)} aria-label={messageTexts.replyTo(message.sender_name)}>
                    {messageTexts.reply}
                  </Link>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
