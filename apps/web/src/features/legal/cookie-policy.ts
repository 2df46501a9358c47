import { type LegalBrand, type LegalDocument, operatorName } from "./texts";

/** Cookie-Richtlinie: the portal keeps only what it needs on the device; no tracking, no third parties. */
export function cookiePolicy(brand: LegalBrand): LegalDocument {
  const operator = operatorName(brand);
  return {
    title: "Cookie-Richtlinie",
    intro: `Das Mieter-Portal von ${operator} verwendet keine Tracking- oder Werbe-Cookies und keine Cookies von Drittanbietern. Es speichert auf Ihrem Gerät nur, was für die Anmeldung, Ihre Einstellungen und die Offline-Nutzung nötig ist.`,
    sections: [
      {
        heading: "1. Was auf Ihrem Gerät gespeichert wird",
        paragraphs: [
          "Statt Cookies nutzt das Portal den Speicher Ihres Browsers (IndexedDB und localStorage). Dort liegen:",
        ],
        items: [
          "Anmeldung: Ihr Anmeldetoken und Ihre Benutzerdaten (Name, E-Mail-Adresse), damit Sie angemeldet bleiben.",
          "Einstellungen: Design (Hell, Dunkel oder System), Benachrichtigungen und der Offline-Modus.",
          "Offline-Zwischenspeicher: zuletzt geladene Inhalte wie Zahlungen, Nachrichten, Termine, Dokumente, Zählerstände und Reparaturen, damit Sie diese auch ohne Verbindung ansehen können.",
          "Warteschlange: Änderungen, die Sie ohne Verbindung gemacht haben, bis sie an den Server übertragen sind.",
          "App-Dateien: die Programmdateien des Portals, damit es schnell startet und als App installiert werden kann.",
        ],
      },
      {
        heading: "2. Keine Analyse, kein Tracking",
        paragraphs: [
          "Wir setzen keine Analyse- oder Statistikwerkzeuge ein, binden keine Inhalte von Drittanbietern ein und geben keine Gerätedaten an Dritte weiter. Die gespeicherten Daten verlassen Ihr Gerät nur bei der Kommunikation mit unserem eigenen Server.",
        ],
      },
      {
        heading: "3. Rechtsgrundlage",
        paragraphs: [
          "Die Speicherung ist technisch erforderlich, damit das Portal die von Ihnen gewünschten Funktionen bereitstellen kann (§ 25 Abs. 2 Nr. 2 TDDDG). Eine Einwilligung ist dafür nicht nötig; deshalb zeigen wir kein Cookie-Banner.",
        ],
      },
      {
        heading: "4. Wie lange die Daten bleiben",
        items: [
          "Beim Abmelden löscht das Portal Ihre Anmeldung, die zwischengespeicherten Inhalte und die Warteschlange von diesem Gerät.",
          "Zwischengespeicherte Inhalte verfallen spätestens nach 30 Tagen.",
          "Endet Ihr Anmeldetoken (nach 12 Stunden, mit „Angemeldet bleiben“ nach 30 Tagen), werden Sie abgemeldet.",
        ],
      },
      {
        heading: "5. Daten selbst löschen",
        paragraphs: [
          "Sie können die gespeicherten Daten jederzeit in den Einstellungen Ihres Browsers löschen („Websitedaten löschen“). Danach sind Sie abgemeldet, und Änderungen, die noch nicht übertragen wurden, gehen verloren.",
          `Fragen beantworten wir gern unter ${brand.supportEmail}.`,
        ],
      },
    ],
  };
}
