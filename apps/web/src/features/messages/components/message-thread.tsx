import type { MessageThread as Thread } from "@mieter-portal/contracts";
import { formatRelativeDate, formatTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import { chronological } from "../messages";
import { messageTexts } from "../texts";

/** The conversation oldest first; the tenant's own messages sit on the right in the brand colour. */
export function MessageThread({ thread }: { thread: Thread }) {
  const t = messageTexts.thread;
  return (
    <ol className="grid grid-cols-1 gap-3" aria-label={t.historyLabel} data-testid="thread">
      {chronological(thread.messages).map((message) => {
        const own = message.direction === "outbound";
        return (
          <li
            key={message.id}
            data-testid="thread-message"
            data-direction={message.direction}
            className={cn("flex", own ? "justify-end" : "justify-start")}
          >
            <article
              aria-label={own ? t.sentByYou : t.sentBy(message.sender_name)}
              className={cn(
                "grid max-w-[85%] gap-1 rounded-2xl px-4 py-3 shadow-sm sm:max-w-[75%]",
                own
                  ? "rounded-br-md bg-secondary text-secondary-foreground"
                  : "rounded-bl-md border border-border bg-card text-card-foreground",
              )}
            >
              <p className="text-xs font-semibold">{own ? t.you : message.sender_name}</p>
              <p className="text-sm break-words whitespace-pre-wrap" data-testid="thread-message-content">
                {message.content}
              </p>
              <p className={cn("text-xs", own ? "text-secondary-foreground" : "text-muted-foreground")}>
                <time dateTime={message.received_at}>
                  {formatRelativeDate(message.received_at)}, {formatTime(message.received_at)}
                </time>
              </p>
            </article>
          </li>
        );
      })}
    </ol>
  );
}
