import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, MessageSquareOff } from "lucide-react";
import { Link, useParams } from "react-router";
import { PendingChanges } from "@/components/offline/pending-changes";
import { offlineNoDataMessage } from "@/components/query-error/query-error-alert";
import { Button } from "@/components/ui/button";
import * as apiPaths from "@/config/api-paths";
import { paths } from "@/config/paths";
import { getMessageThreadQueryOptions } from "@/features/messages/api/get-message-thread";
import { MessageThread } from "@/features/messages/components/message-thread";
import { ReplyForm } from "@/features/messages/components/reply-form";
import { messageTexts } from "@/features/messages/texts";
import { useMarkReadOnOpen } from "@/features/messages/use-mark-read-on-open";
import { ApiRequestError } from "@/lib/api/errors";
import { offlineNotices } from "@/lib/offline/notices";
import { LoadingState } from "../loading-state";

function isNotFound(error: Error | null): boolean {
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
}

export function Component() {
  const t = messageTexts.thread;
  const { id = "" } = useParams();
  const thread = useQuery(getMessageThreadQueryOptions(id));
  useMarkReadOnOpen(thread.data);

  if (thread.isPending) return <LoadingState text={t.loading} />;

  if (thread.isError) {
    const notFound = isNotFound(thread.error);
    const offline = offlineNoDataMessage(thread.error);
    return (
      <section aria-labelledby="thread-error" className="grid justify-items-center gap-3 py-10 text-center">
        <MessageSquareOff className="size-8 text-muted-foreground" aria-hidden="true" />
        <h1 id="thread-error" className="text-xl font-bold">
          {notFound ? t.notFound : (offline ?? t.loadError)}
        </h1>
        {notFound || offline ? (
          <p className="max-w-sm text-sm text-muted-foreground">
            {notFound ? t.notFoundHint : offlineNotices.noDataAdvice}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-center gap-2">
          {notFound ? null : (
            <Button variant="outline" onClick={() => void thread.refetch()}>
              {messageTexts.retry}
            </Button>
          )}
          <Button asChild>
            <Link to={paths.messages.path}>{t.allMessages}</Link>
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby="thread-subject" className="mx-auto grid w-full max-w-2xl grid-cols-1 gap-4">
      <div className="grid gap-1">
        <Link
          to={paths.messages.path}
          className="inline-flex w-fit items-center gap-1 rounded-md text-sm font-medium text-link hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t.allMessages}
        </Link>
        <h1 id="thread-subject" className="text-2xl font-bold break-words">
          {thread.data.subject}
        </h1>
      </div>
      <MessageThread thread={thread.data} />
      <PendingChanges urlPrefix={apiPaths.message(thread.data.id)} />
      <div className="rounded-2xl border border-border bg-card p-4 shadow-sm">
        <ReplyForm threadId={thread.data.id} />
      </div>
    </section>
  );
}
