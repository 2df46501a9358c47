import type { CannedReply } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import { EmptyState, LoadError, Loading, PageHeader, useDocumentTitle } from "@/components/page";
import { RequireCapability } from "@/components/require-capability";
import { CannedReplyDialog } from "@/features/canned-replies/components/canned-reply-dialog";
import { CannedReplyList } from "@/features/canned-replies/components/canned-reply-list";
import { cannedRepliesQueryOptions } from "@/lib/shared-queries";

function CannedRepliesScreen() {
  const replies = useQuery(cannedRepliesQueryOptions());
  // A new key per opening: the dialog's form starts from the reply (or empty) each time.
  const [editing, setEditing] = useState<{ reply: CannedReply | null; key: number } | null>(null);
  return (
    <>
      <PageHeader
        title="Textbausteine"
        description="Vorlagen für häufige Antworten an Mieter: die gemeinsamen der Verwaltung und Ihre eigenen."
        actions={
          <Button onClick={() => setEditing({ reply: null, key: Date.now() })}>
            <Plus aria-hidden="true" />
            Neuer Textbaustein
          </Button>
        }
      />
      {replies.isPending ? (
        <Loading />
      ) : replies.isError ? (
        <LoadError error={replies.error} onRetry={() => replies.refetch()} />
      ) : replies.data.length === 0 ? (
        <EmptyState>Noch keine Textbausteine.</EmptyState>
      ) : (
        <CannedReplyList replies={replies.data} onEdit={(reply) => setEditing({ reply, key: Date.now() })} />
      )}
      {editing ? <CannedReplyDialog key={editing.key} reply={editing.reply} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

export function Component() {
  useDocumentTitle("Textbausteine");
  return (
    <RequireCapability capability="messages">
      <CannedRepliesScreen />
    </RequireCapability>
  );
}
