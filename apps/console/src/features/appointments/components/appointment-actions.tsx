import { managementAppointmentActions } from "@mieter-portal/contracts";
import type { StaffAppointment } from "@mieter-portal/contracts/staff";
import { Section } from "@/components/page";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/tabs";
import { AcceptForm } from "./accept-form";
import { DeclineForm } from "./decline-form";
import { ProposeForm } from "./propose-form";

/**
 * What staff can do now: answer a tenant's request (accept, propose, decline), move or call off a
 * confirmed appointment that has not ended (issue 25 §14), or wait for the tenant's confirmation.
 */
export function AppointmentActions({
  appointment: a,
  waitsForUs,
}: {
  appointment: StaffAppointment;
  waitsForUs: boolean;
}) {
  const changeable = a.status === "confirmed" && managementAppointmentActions(a).propose;
  return waitsForUs ? (
    <Section title="Beantworten" headingId="appointment-answer">
      <Tabs defaultValue="accept">
        <TabsList aria-label="Antwort auf die Terminanfrage">
          <TabsTrigger value="accept">Annehmen</TabsTrigger>
          <TabsTrigger value="propose">Andere Zeit vorschlagen</TabsTrigger>
          <TabsTrigger value="decline">Ablehnen</TabsTrigger>
        </TabsList>
        <TabsContent value="accept">
          <AcceptForm appointment={a} />
        </TabsContent>
        <TabsContent value="propose">
          <ProposeForm appointment={a} />
        </TabsContent>
        <TabsContent value="decline">
          <DeclineForm appointment={a} />
        </TabsContent>
      </Tabs>
    </Section>
  ) : changeable ? (
    <Section title="Termin ändern" headingId="appointment-change">
      <Tabs defaultValue="reschedule">
        <TabsList aria-label="Bestätigten Termin ändern">
          <TabsTrigger value="reschedule">Verschieben</TabsTrigger>
          <TabsTrigger value="cancel">Absagen</TabsTrigger>
        </TabsList>
        <TabsContent value="reschedule">
          <ProposeForm appointment={a} reschedule />
        </TabsContent>
        <TabsContent value="cancel">
          <DeclineForm appointment={a} cancel />
        </TabsContent>
      </Tabs>
    </Section>
  ) : a.status === "pending" ? (
    <Section title="Status" headingId="appointment-state">
      <p className="text-sm">
        Die Verwaltung hat diesen Termin vorgeschlagen; er wartet auf die Bestätigung des Mieters.
      </p>
    </Section>
  ) : null;
}
