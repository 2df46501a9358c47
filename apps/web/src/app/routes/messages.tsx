import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { LoadMore } from "@/components/load-more/load-more";
import { PendingChanges } from "@/components/offline/pending-changes";
import { QueryErrorAlert } from "@/components/query-error/query-error-alert";
import * as apiPaths from "@/config/api-paths";
import { messagePath, paths } from "@/config/paths";
import { getMessagesQueryOptions, type MessageFilter } from "@/features/messages/api/get-messages";
import { MessageFilterToggle } from "@/features/messages/components/message-filter";
import { MessageList } from "@/features/messages/components/message-list";
import { NewConversationButton } from "@/features/messages/components/new-conversation-button";
import { parseMessageFilter } from "@/features/messages/messages";
import { messageTexts } from "@/features/messages/texts";
import { itemsOf } from "@/lib/paged-list";
import { LoadingState } from "../loading-state";

export function Component() {
  const t = messageTexts.list;
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const filter = parseMessageFilter(searchParams.get("filter"));
  const messages = useInfiniteQuery({ ...getMessagesQueryOptions(filter), meta: { silent: true } });
  const items = useMemo(() => itemsOf(messages.data), [messages.data]);

  const changeFilter = (next: MessageFilter) => {
    setSearchParams(next === "all" ? {} : { filter: next }, { replace: true });
  };

  return (
    <section aria-labelledby="messages-title" className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="messages-title" className="text-2xl font-bold">
          {paths.messages.title}
        </h1>
        <MessageFilterToggle value={filter} onChange={changeFilter} />
      </div>
      <PendingChanges urlPrefix={apiPaths.messages} />
      {messages.isPending ? (
        <LoadingState text={t.loading} />
      ) : messages.isError && !messages.isFetchNextPageError ? (
        <QueryErrorAlert error={messages.error} title={t.loadError} onRetry={() => void messages.refetch()} />
      ) : (
        <>
          <MessageList messages={items} filter={filter} messagePath={messagePath} />
          <LoadMore query={messages} />
        </>
      )}
      <NewConversationButton
        onCreated={(threadId) => {
          if (threadId) navigate(messagePath(threadId));
        }}
      />
    </section>
  );
}
