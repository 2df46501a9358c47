import { Button } from "@mieter-portal/ui/button";
import { toast } from "@mieter-portal/ui/use-toast";
import { useQuery } from "@tanstack/react-query";
import { CheckCheck } from "lucide-react";
import { Link, useParams } from "react-router";
import { AssigneeSelect } from "@/components/assignee-select";
import { InternalNotes } from "@/components/internal-notes";
import { DetailList, LoadError, Loading, PageHeader, Section, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { threadQueryOptions, useMarkHandled } from "@/features/messages/api";
import { ReplyForm } from "@/features/messages/components/reply-form";
import { ThreadMessages } from "@/features/messages/components/thread-view";
import { NewRepairLink } from "@/features/repairs/components/new-repair-link";
import { useCompanyName } from "@/lib/brand";
import { formatDateTime } from "@/lib/format";
import { useMe } from "@/lib/me";

export function Component() {
  const { id = "" } = useParams();
  const me = useMe();
  const company = useCompanyName();
  const thread = useQuery(threadQueryOptions(id));
  const handled = useMarkHandled(id);
  useDocumentTitle(thread.data?.subject ?? "Nachricht");
  const back = { to: paths.inbox, label: "Zum Eingang" };
  if (thread.isPending) return <Loading />;
  if (thread.isError)
    return (
      <>
        <PageHeader title="Nachricht" back={back} />
        <LoadError error={thread.error} onRetry={() => thread.refetch()} />
      </>
    );
  const t = thread.data;
  const waiting = t.awaiting_reply_since !== null;
  return (
    <>
      <PageHeader
        title={t.subject}
        back={back}
        description={
          waiting
            ? `Wartet seit ${formatDateTime(t.awaiting_reply_since)} auf eine Antwort`
            : t.handled_at
              ? `Erledigt am ${formatDateTime(t.handled_at)}`
              : "Beantwortet"
        }
        actions={
          waiting ? (
            <Button
              variant="outline"
              disabled={handled.isPending}
              onClick={() => handled.mutate({}, { onSuccess: () => toast({ title: "Als erledigt markiert" }) })}
            >
              <CheckCheck aria-hidden="true" />
              Als erledigt markieren
            </Button>
          ) : null
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-6">
          <Section title="Verlauf" headingId="thread-messages">
            <ThreadMessages thread={t} />
          </Section>
          <Section title="Antworten" headingId="thread-reply">
            <ReplyForm
              threadId={t.id}
              signature={company ? `${me.name}, ${company}` : me.name}
              context={{
                firstName: t.addressee.first_name,
                lastName: t.addressee.last_name,
                building: t.tenant.building?.name ?? null,
                unit: t.tenant.unit,
                staffName: me.name,
              }}
            />
          </Section>
        </div>
        <div className="grid content-start gap-6">
          <Section title="Mieter" headingId="thread-tenant">
            <DetailList
              items={[
                {
                  term: "Name",
                  value: (
                    <Link to={paths.tenant(t.tenant.id)} className="text-link underline">
                      {t.tenant.name}
                    </Link>
                  ),
                },
                { term: "E-Mail", value: t.tenant.email },
                {
                  term: "Wohnung",
                  value:
                    [t.tenant.building?.name, t.tenant.unit ? `Whg. ${t.tenant.unit}` : null]
                      .filter(Boolean)
                      .join(", ") || "–",
                },
              ]}
            />
          </Section>
          <Section title="Zuständigkeit" headingId="thread-assignee">
            <AssigneeSelect kind="message" itemId={t.id} assignee={t.assignee} meId={me.id} label="Zuständig" />
          </Section>
          <Section title="Reparatur" headingId="thread-repair">
            <NewRepairLink from={{ thread: t.id }} />
          </Section>
          <InternalNotes entity="thread" id={t.id} />
        </div>
      </div>
    </>
  );
}
