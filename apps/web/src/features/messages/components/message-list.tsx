import type { MessageSummary } from "@mieter-portal/contracts";
import { ChevronRight, Inbox } from "lucide-react";
import { Link } from "react-router";
import { formatRelativeDate, truncate } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { MessageFilter } from "../api/get-messages";
import { MESSAGE_PREVIEW_LENGTH, messageTexts } from "../texts";

function MessageCard({ message, href }: { message: MessageSummary; href: string }) {
  const t = messageTexts.list;
  return (
    <Link
      to={href}
      data-testid="message-card"
      data-unread={message.unread || undefined}
      className={cn(
        "flex items-start gap-3 rounded-2xl border bg-card p-4 text-card-foreground shadow-sm transition-colors hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        message.unread ? "border-primary/60" : "border-border",
      )}
    >
      <span className="mt-1.5 flex size-2.5 shrink-0 items-center justify-center" aria-hidden="true">
        {message.unread ? <span className="size-2.5 rounded-full bg-primary" data-testid="unread-dot" /> : null}
      </span>
      <span className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] gap-1">
        <span className="flex min-w-0 items-baseline justify-between gap-2">
          <span className={cn("min-w-0 truncate text-sm", message.unread ? "font-bold" : "font-medium")}>
            {message.unread ? <span className="sr-only">{`${t.unreadMark}: `}</span> : null}
            {message.sender_name}
          </span>
          <span className="shrink-0 text-xs text-muted-foreground" data-testid="message-date">
            {formatRelativeDate(message.received_at)}
          </span>
        </span>
        <span
          className={cn("text-base break-words", message.unread ? "font-semibold" : "font-medium")}
          data-testid="message-subject"
        >
          {message.subject}
        </span>
        <span className="text-sm break-words text-muted-foreground" data-testid="message-preview">
          {truncate(message.content, MESSAGE_PREVIEW_LENGTH)}
        </span>
        {message.message_count > 1 ? (
          <span className="text-xs text-muted-foreground">{t.messageCount(message.message_count)}</span>
        ) : null}
      </span>
      <ChevronRight className="mt-1 size-4 shrink-0 self-center text-muted-foreground" aria-hidden="true" />
    </Link>
  );
}

export function MessageList({
  messages,
  filter,
  messagePath,
}: {
  messages: MessageSummary[];
  filter: MessageFilter;
  messagePath: (id: string) => string;
}) {
  const t = messageTexts.list;
  if (messages.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-border p-8 text-center">
        <Inbox className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">{filter === "unread" ? t.emptyUnread : t.emptyAll}</p>
        <p className="text-sm text-muted-foreground">{filter === "unread" ? t.emptyUnreadHint : t.emptyAllHint}</p>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-3" aria-label={filter === "unread" ? t.listUnread : t.listAll}>
      {messages.map((message) => (
        <li key={message.id}>
          <MessageCard message={message} href={messagePath(message.id)} />
        </li>
      ))}
    </ul>
  );
}
