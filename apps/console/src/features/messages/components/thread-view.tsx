import type { StaffThread } from "@mieter-portal/contracts/staff";
import { cn } from "@mieter-portal/ui/utils";
import { formatDateTime } from "@/lib/format";

/** The conversation: the tenant's messages on the left, the management's on the right. */
export function ThreadMessages({ thread }: { thread: StaffThread }) {
  return (
    <ol className="grid gap-3">
      {thread.messages.map((message) => {
        const fromTenant = message.direction === "outbound";
        return (
          <li
            key={message.id}
            className={cn(
              "grid max-w-[min(42rem,92%)] gap-1 rounded-xl border p-3",
              fromTenant
                ? "justify-self-start border-border bg-card"
                : "justify-self-end border-transparent bg-secondary text-secondary-foreground",
            )}
          >
            <p className="text-xs font-medium">
              {message.sender_name}
              {fromTenant ? " (Mieter)" : ""} ·{" "}
              <time dateTime={message.received_at}>{formatDateTime(message.received_at)}</time>
            </p>
            <p className="text-sm whitespace-pre-wrap">{message.content}</p>
            {!fromTenant ? (
              <p className="text-xs">
                {message.read_at ? `Gelesen ${formatDateTime(message.read_at)}` : "Noch nicht gelesen"}
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
