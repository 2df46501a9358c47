import { type LegalBrand, type LegalDocument, operatorName } from "./texts";

/** Datenschutzerklärung: what the portal stores, why, how long, and the tenant's rights (DSGVO). */
export function privacyPolicy(brand: LegalBrand): LegalDocument {
  const operator = operatorName(brand);
  const controller = [
    operator,
    brand.officeAddress,
    brand.imprint.representative,
    `E-Mail: ${brand.supportEmail}`,
    `Telefon: ${brand.supportPhone}`,
  ].filter((line) => line.trim() !== "");
  return {
    title: "Datenschutzerklärung",
    intro:
      "Der Schutz Ihrer persönlichen Daten ist uns wichtig. Hier erfahren Sie, welche Daten das Mieter-Portal " +
      "verarbeitet, wozu wir sie brauchen, wie lange wir sie aufbewahren und welche Rechte Sie nach der " +
      "Datenschutz-Grundverordnung (DSGVO) haben.",
    sections: [
      {
        heading: "1. Verantwortlicher",
        paragraphs: ["Verantwortlich für die Verarbeitung Ihrer Daten im Mieter-Portal ist:"],
        items: controller,
        after: ["Bei Fragen zum Datenschutz erreichen Sie uns jederzeit unter den oben genannten Kontaktdaten."],
      },
      {
        heading: "2. Welche Daten wir verarbeiten",
        paragraphs: [
          "Im Mieter-Portal verarbeiten wir nur Daten, die für Ihr Mietverhältnis und die Nutzung des Portals nötig sind:",
        ],
        items: [
          "Konto: Vor- und Nachname, E-Mail-Adresse und Ihr Passwort. Das Passwort speichern wir nie im Klartext, sondern nur als sicheren, nicht umkehrbaren Hash.",
          "Mietverhältnis: Anschrift, Wohnungsnummer, Beginn und Ende des Mietverhältnisses, Kaltmiete, Nebenkosten, Zahlungsart, die letzten vier Stellen Ihrer IBAN, Ihre Mietzahlungen und offene Rechnungen.",
          "Nachrichten: der Inhalt Ihrer Unterhaltungen mit der Hausverwaltung, auch Anfragen über das Kontaktformular, mit Datum und Lesestatus.",
          "Dokumente: Verträge, Hausordnung, Nebenkostenabrechnungen und Belege, die wir Ihnen bereitstellen, sowie Dokumente, die Sie selbst hochladen.",
          "Zählerstände: Ihre gemeldeten Werte für Wasser, Strom und Heizung mit Ablesedatum.",
          "Reparaturmeldungen: Art, Ort, Beschreibung und Dringlichkeit des Schadens sowie der Bearbeitungsverlauf.",
          "Termine: angefragte und vereinbarte Termine mit Ihren Anmerkungen und deren Status.",
          "Fotos: Bilder von Zählern und Schäden, die Sie hochladen. Sie werden vor dem Senden auf Ihrem Gerät verkleinert. Bitte fotografieren Sie keine Personen.",
          "Gerätespeicher: Auf Ihrem Gerät speichert das Portal Ihre Anmeldung, Ihre Einstellungen, zwischengespeicherte Daten für die Offline-Nutzung und noch nicht übertragene Änderungen (Einzelheiten in der Cookie-Richtlinie).",
          "Technische Daten: Bei jedem Zugriff verarbeitet der Server Ihre IP-Adresse und den Zeitpunkt. Fehlgeschlagene Anmeldeversuche speichern wir kurzzeitig, um Ihr Konto vor dem Erraten von Passwörtern zu schützen.",
        ],
      },
      {
        heading: "3. Zwecke und Rechtsgrundlagen",
        items: [
          "Durchführung Ihres Mietvertrags und Bereitstellung des Portals, z. B. Dokumente, Zählerstände, Reparaturen, Termine und Nachrichten (Art. 6 Abs. 1 lit. b DSGVO).",
          "Erfüllung gesetzlicher Pflichten, insbesondere handels- und steuerrechtlicher Aufbewahrungspflichten und der Abrechnung der Betriebskosten (Art. 6 Abs. 1 lit. c DSGVO).",
          "Sicherheit des Portals und Schutz vor Missbrauch, z. B. die Begrenzung von Anmeldeversuchen (Art. 6 Abs. 1 lit. f DSGVO; unser berechtigtes Interesse ist ein sicherer Betrieb).",
        ],
        after: ["Wir nutzen Ihre Daten nicht für Werbung, erstellen keine Nutzungsprofile und verkaufen keine Daten."],
      },
      {
        heading: "4. Wer Ihre Daten sieht",
        paragraphs: [
          "Zugriff auf Ihre persönlichen Daten haben nur Sie selbst und die dafür berechtigten Mitarbeiterinnen und Mitarbeiter der Hausverwaltung.",
          "Für eine Reparatur geben wir den beauftragten Handwerksbetrieben nur die Angaben weiter, die sie dafür brauchen (z. B. Name, Anschrift, Schadensbeschreibung, Fotos und Termin). Technische Dienstleister, die das Portal für uns betreiben, verarbeiten Daten nur in unserem Auftrag und nach unseren Weisungen (Art. 28 DSGVO).",
        ],
      },
      {
        heading: "5. Wie lange wir Ihre Daten speichern",
        items: [
          "Ihr Zugang zum Portal bleibt bis 3 Monate nach dem Ende Ihres Mietverhältnisses bestehen. Danach wird er gesperrt und Ihre Portaldaten werden gelöscht, soweit keine Aufbewahrungspflicht besteht.",
          "Unterlagen, für die gesetzliche Aufbewahrungsfristen gelten (z. B. Mietverträge, Abrechnungen, Zahlungs- und Buchungsbelege), bewahren wir je nach Art 6 bis 10 Jahre auf (§ 257 HGB, § 147 AO) und löschen sie danach.",
          "Fehlgeschlagene Anmeldeversuche werden nach kurzer Zeit automatisch gelöscht.",
          "Daten auf Ihrem Gerät löscht das Portal beim Abmelden; zwischengespeicherte Inhalte verfallen spätestens nach 30 Tagen.",
        ],
      },
      {
        heading: "6. Ihre Rechte nach der DSGVO",
        paragraphs: ["Sie haben jederzeit das Recht auf:"],
        items: [
          "Auskunft über die zu Ihrer Person gespeicherten Daten (Art. 15 DSGVO),",
          "Berichtigung unrichtiger Daten (Art. 16 DSGVO),",
          "Löschung Ihrer Daten, soweit keine Aufbewahrungspflicht entgegensteht (Art. 17 DSGVO),",
          "Einschränkung der Verarbeitung (Art. 18 DSGVO),",
          "Datenübertragbarkeit (Art. 20 DSGVO),",
          "Widerspruch gegen Verarbeitungen aufgrund berechtigter Interessen (Art. 21 DSGVO),",
          "Beschwerde bei einer Datenschutz-Aufsichtsbehörde (Art. 77 DSGVO).",
        ],
        after: [`Für Ihre Anfrage genügt eine Nachricht im Portal oder eine E-Mail an ${brand.supportEmail}.`],
      },
      {
        heading: "7. Sicherheit",
        paragraphs: [
          "Die Verbindung zum Portal ist verschlüsselt. Ihre Anmeldung gilt 12 Stunden, mit „Angemeldet bleiben“ 30 Tage; beim Abmelden und beim Ändern des Passworts werden Ihre bisherigen Sitzungen beendet. Bitte schützen Sie Ihr Gerät mit einer Bildschirmsperre, wenn Sie angemeldet bleiben.",
        ],
      },
      {
        heading: "8. Änderungen",
        paragraphs: [
          "Wir passen diese Datenschutzerklärung an, wenn sich das Portal oder die rechtlichen Vorgaben ändern. Es gilt die jeweils im Portal angezeigte Fassung.",
        ],
      },
    ],
  };
}
