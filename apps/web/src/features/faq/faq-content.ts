import { FAQ_CATEGORY_LABELS, type FaqCategoryId } from "./texts";

export interface FaqItem {
  question: string;
  answer: string[];
}

export interface FaqCategory {
  id: FaqCategoryId;
  label: string;
  items: FaqItem[];
}

/** Brand data the answers name (from /api/v1/config). */
export interface FaqBrand {
  emergencyHotline: string;
}

/** Five categories × five questions, written from the facts the spec states (section 1, 2 and 9). */
export function faqCategories(brand: FaqBrand): FaqCategory[] {
  const content: Record<FaqCategoryId, FaqItem[]> = {
    portal: [
      {
        question: "Wer kann das Mieter-Portal nutzen?",
        answer: [
          "Das Portal steht allen Mieterinnen und Mietern der von uns verwalteten Wohnungen offen. Sie melden sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an; den Zugang richtet die Hausverwaltung für Sie ein.",
        ],
      },
      {
        question: "Wie lange habe ich Zugang zum Portal?",
        answer: [
          "Ihr Zugang bleibt bis 3 Monate nach dem Ende Ihres Mietverhältnisses aktiv. So können Sie zum Beispiel Ihre letzte Nebenkostenabrechnung noch abrufen. Danach wird der Zugang gesperrt; speichern Sie wichtige Dokumente bitte vorher.",
        ],
      },
      {
        question: "Wo finde ich was im Portal?",
        answer: [
          "Finanzen: Ihre Miete, der Zahlungsverlauf und offene Rechnungen.",
          "Dokumente: Mietvertrag, Hausordnung, Nebenkostenabrechnungen, Vertragsänderungen und Ihre eigenen Dokumente.",
          "Reparaturen: Schäden melden und den Stand Ihrer Meldungen verfolgen.",
          "Termine: Termine anfragen, bestätigen oder verschieben.",
          "Zählerstände: Zählerstände mit Foto melden und frühere Meldungen ansehen.",
          "Einstellungen: Passwort ändern, Design und Benachrichtigungen sowie Hilfe und Support.",
        ],
      },
      {
        question: "Wie ändere ich mein Passwort?",
        answer: [
          "Unter „Einstellungen“ finden Sie „Passwort ändern“. Geben Sie Ihr aktuelles Passwort und zweimal das neue ein. Auf anderen Geräten werden Sie danach abgemeldet.",
          "Haben Sie Ihr Passwort vergessen, tippen Sie auf der Anmeldeseite auf „Passwort vergessen?“.",
        ],
      },
      {
        question: "Wer kann meine persönlichen Daten sehen?",
        answer: [
          "Nur Sie selbst und die dafür berechtigten Mitarbeiterinnen und Mitarbeiter der Hausverwaltung. Einzelheiten finden Sie in der Datenschutzerklärung unter „Einstellungen“.",
        ],
      },
    ],
    payment: [
      {
        question: "Wo sehe ich meine Miete und meine Zahlungen?",
        answer: [
          "Unter „Finanzen“ sehen Sie Ihre Gesamtmiete aus Kaltmiete und Nebenkosten, die Zahlungsart und den Fälligkeitstag. Darunter steht der Zahlungsverlauf, den Sie nach Jahren auswählen können, und Ihre offenen Rechnungen.",
          "Fragen zu Ihrer Kaution beantworten wir Ihnen gern über „Nachrichten“.",
        ],
      },
      {
        question: "Was bedeuten „Bezahlt“, „Ausstehend“ und „Überfällig“?",
        answer: [
          "„Bezahlt“: Ihre Zahlung ist bei uns eingegangen. „Ausstehend“: Die Zahlung ist noch nicht eingegangen, aber auch noch nicht überfällig. „Überfällig“: Der Fälligkeitstag ist überschritten – bitte prüfen Sie Ihre Zahlung oder sprechen Sie uns an.",
        ],
      },
      {
        question: "Wo finde ich meine Nebenkostenabrechnung?",
        answer: [
          "Unter „Dokumente“ im Bereich „Nebenkostenabrechnungen“. Ergibt sich eine Nachzahlung, steht sie zusätzlich unter „Finanzen“ bei den offenen Rechnungen.",
        ],
      },
      {
        question: "Wie bekomme ich eine Mietbescheinigung?",
        answer: [
          "Schreiben Sie uns unter „Nachrichten“ oder über „Kontakt“, wofür Sie die Bescheinigung brauchen. Wir stellen sie Ihnen unter „Dokumente“ bereit.",
        ],
      },
      {
        question: "Wo finde ich Informationen zu einer Mieterhöhung?",
        answer: [
          "Mieterhöhungen und andere Vertragsänderungen finden Sie unter „Dokumente“ bei den Vertragsdokumenten. Bei Fragen dazu schreiben Sie uns gern eine Nachricht.",
        ],
      },
    ],
    repairs: [
      {
        question: "Wie melde ich eine Reparatur?",
        answer: [
          "Unter „Reparaturen“ wählen Sie „Neue Reparatur melden“. Geben Sie Art und Ort des Schadens, eine Beschreibung und die Dringlichkeit an und fügen Sie bis zu 3 Fotos hinzu – das hilft den Handwerkern bei der Vorbereitung.",
        ],
      },
      {
        question: "Wie schnell wird meine Reparatur erledigt?",
        answer: [
          "Das hängt von der Dringlichkeit ab: Notfälle bearbeiten wir in etwa 24 Stunden, dringende Reparaturen in 1–3 Tagen, normale in 1–2 Wochen. Größere Arbeiten dauern 1–4 Wochen und werden mit Ihnen terminlich abgestimmt.",
        ],
      },
      {
        question: "Was mache ich in einem Notfall?",
        answer: [
          `Bei einem Wasserrohrbruch, Gasgeruch oder einem Stromausfall im ganzen Haus rufen Sie bitte sofort unseren Notdienst an: ${brand.emergencyHotline} – auch außerhalb der Geschäftszeiten. Bei Gasgeruch öffnen Sie die Fenster, benutzen keine elektrischen Schalter und verlassen das Haus.`,
        ],
      },
      {
        question: "Muss ich Reparaturen selbst bezahlen?",
        answer: [
          "In der Regel trägt der Vermieter die Kosten. Kleinreparaturen bis etwa 100 EUR je Fall können je nach Ihrem Mietvertrag von Ihnen zu tragen sein. Schäden, die Sie selbst verursacht haben, gehen zu Ihren Lasten.",
        ],
      },
      {
        question: "Wo sehe ich, wie weit meine Reparatur ist?",
        answer: [
          "Unter „Reparaturen“ sehen Sie Ihre aktiven Meldungen mit Status, geplanten Terminen und Nachrichten dazu. Schlagen wir einen Termin vor, können Sie ihn unter „Termine“ bestätigen oder einen anderen Termin vorschlagen.",
        ],
      },
    ],
    meters: [
      {
        question: "Wann muss ich meine Zählerstände melden?",
        answer: [
          "Beim Einzug und beim Auszug, zum Jahreswechsel (zwischen dem 27. Dezember und dem 3. Januar) und wenn wir Sie für die Nebenkostenabrechnung gesondert darum bitten.",
        ],
      },
      {
        question: "Welche Zähler gibt es in meiner Wohnung?",
        answer: [
          "Je nach Wohnung: Stromzähler, Wasserzähler für Kaltwasser und gegebenenfalls Warmwasser, Gaszähler, Wärmemengenzähler und Heizkostenverteiler an den Heizkörpern.",
        ],
      },
      {
        question: "Wie melde ich meine Zählerstände?",
        answer: [
          "Unter „Zählerstände“ tragen Sie die Werte und das Ablesedatum ein. Zu jedem Zähler können Sie ein Foto hinzufügen – das ist freiwillig, hilft aber bei Rückfragen.",
        ],
      },
      {
        question: "Was passiert, wenn ich das Ablesen vergesse?",
        answer: [
          "Dann schätzen wir Ihren Verbrauch anhand Ihres bisherigen Verbrauchs und vergleichbarer Wohnungen. Ein gemeldeter Zählerstand ist genauer – melden Sie ihn daher möglichst rechtzeitig.",
        ],
      },
      {
        question: "Wo sehe ich meine bisherigen Meldungen?",
        answer: ["Unter „Zählerstände“ finden Sie Ihre früheren Meldungen mit Datum und Uhrzeit."],
      },
    ],
    technical: [
      {
        question: "Funktioniert das Portal ohne Internet?",
        answer: [
          "Das Portal braucht grundsätzlich eine Internetverbindung. Bereits geöffnete Dokumente und Daten können Sie aber auch offline ansehen. Eingaben, die Sie offline machen, speichert das Portal und überträgt sie automatisch, sobald wieder eine Verbindung besteht.",
          "Mit dem runden Knopf unten rechts schalten Sie den Offline-Modus selbst ein oder aus: grün heißt online, rot heißt offline.",
        ],
      },
      {
        question: "Kann ich das Portal als App installieren?",
        answer: [
          "Ja. Öffnen Sie das Portal im Browser Ihres Smartphones oder Tablets und wählen Sie im Browsermenü „Zum Startbildschirm hinzufügen“ oder „App installieren“. Das Portal startet dann wie eine App.",
        ],
      },
      {
        question: "Ich habe mein Passwort vergessen. Was nun?",
        answer: [
          "Tippen Sie auf der Anmeldeseite auf „Passwort vergessen?“ und geben Sie Ihre E-Mail-Adresse ein. Sie erhalten einen Link, mit dem Sie ein neues Passwort festlegen. Der Link ist 60 Minuten gültig.",
        ],
      },
      {
        question: "Wie stelle ich ein dunkles Design ein?",
        answer: [
          "Unter „Einstellungen“ wählen Sie bei „Darstellung“ zwischen Hell, Dunkel und System. Mit „System“ folgt das Portal der Einstellung Ihres Geräts. Auch der Knopf oben in der Kopfzeile wechselt das Design.",
        ],
      },
      {
        question: "Warum wurde ich abgemeldet?",
        answer: [
          "Aus Sicherheitsgründen endet eine Anmeldung nach 12 Stunden, mit „Angemeldet bleiben“ nach 30 Tagen. Auch wenn Sie Ihr Passwort ändern, werden Sie auf Ihren anderen Geräten abgemeldet. Melden Sie sich einfach erneut an.",
        ],
      },
    ],
  };
  return (Object.keys(FAQ_CATEGORY_LABELS) as FaqCategoryId[]).map((id) => ({
    id,
    label: FAQ_CATEGORY_LABELS[id],
    items: content[id],
  }));
}
