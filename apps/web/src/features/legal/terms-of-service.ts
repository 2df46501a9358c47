import { type LegalBrand, type LegalDocument, operatorName } from "./texts";

/** Nutzungsbedingungen: who may use the portal, credentials, and when access ends. */
export function termsOfService(brand: LegalBrand): LegalDocument {
  const operator = operatorName(brand);
  return {
    title: "Nutzungsbedingungen",
    intro: `Diese Bedingungen regeln die Nutzung des Mieter-Portals von ${operator}. Mit der Anmeldung erkennen Sie sie an.`,
    sections: [
      {
        heading: "1. Wer das Portal nutzen darf",
        paragraphs: [
          `Das Mieter-Portal steht ausschließlich Mieterinnen und Mietern von Wohnungen zur Verfügung, die ${operator} verwaltet. Ihr Zugang wird von der Hausverwaltung eingerichtet und ist persönlich; Sie dürfen ihn nicht an Dritte weitergeben.`,
        ],
      },
      {
        heading: "2. Zugangsdaten",
        items: [
          "Sie melden sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.",
          "Halten Sie Ihr Passwort geheim und verwenden Sie es nicht für andere Dienste. Ein Passwort hat mindestens 8 Zeichen.",
          "Ihr Passwort können Sie jederzeit unter „Einstellungen“ ändern. Haben Sie es vergessen, fordern Sie auf der Anmeldeseite über „Passwort vergessen?“ einen Link zum Zurücksetzen an.",
          `Vermuten Sie, dass jemand anderes Ihre Zugangsdaten kennt, ändern Sie bitte sofort Ihr Passwort und informieren Sie uns unter ${brand.supportEmail}.`,
        ],
      },
      {
        heading: "3. Was das Portal bietet",
        paragraphs: [
          "Im Portal sehen Sie Ihre Mietzahlungen und Dokumente, laden eigene Dokumente hoch, melden Zählerstände und Reparaturen, vereinbaren Termine und schreiben der Hausverwaltung Nachrichten. Die Nutzung ist für Sie kostenlos.",
          "Erklärungen, für die das Gesetz oder Ihr Mietvertrag die Schriftform verlangt, etwa eine Kündigung, können Sie nicht über das Portal abgeben.",
        ],
      },
      {
        heading: "4. Ihre Pflichten",
        items: [
          "Machen Sie wahrheitsgemäße Angaben, insbesondere bei Zählerständen und Schadensmeldungen.",
          "Laden Sie nur Dokumente und Fotos hoch, die Ihr Mietverhältnis betreffen und an denen Sie die nötigen Rechte haben; Fotos sollen keine Personen zeigen.",
          "Nutzen Sie das Portal nicht für rechtswidrige Inhalte und versuchen Sie nicht, seine Sicherheit zu umgehen.",
        ],
      },
      {
        heading: "5. Notfälle",
        paragraphs: [
          `Das Portal ist nicht für Notfälle gedacht. Bei einem Wasserrohrbruch, Gasgeruch oder einem Stromausfall im ganzen Haus rufen Sie bitte sofort unseren Notdienst an: ${brand.emergencyHotline}. Bei Gasgeruch verständigen Sie außerdem den Gasnotruf Ihres Versorgers oder die Feuerwehr (112).`,
        ],
      },
      {
        heading: "6. Verfügbarkeit",
        paragraphs: [
          "Wir bemühen uns, das Portal ständig verfügbar zu halten, können dies aber nicht garantieren, etwa bei Wartungsarbeiten oder Störungen. Ohne Internetverbindung können Sie bereits geöffnete Inhalte ansehen; Ihre Eingaben werden übertragen, sobald wieder eine Verbindung besteht.",
        ],
      },
      {
        heading: "7. Ende des Zugangs",
        paragraphs: [
          "Ihr Zugang endet mit Ihrem Mietverhältnis: Er bleibt noch 3 Monate nach dessen Ende aktiv, damit Sie zum Beispiel Ihre Nebenkostenabrechnung abrufen können, und wird dann gesperrt. Speichern Sie Dokumente, die Sie behalten möchten, bitte rechtzeitig.",
          "Bei einem Verstoß gegen diese Bedingungen können wir Ihren Zugang vorübergehend sperren.",
        ],
      },
      {
        heading: "8. Haftung",
        paragraphs: [
          "Wir haften nach den gesetzlichen Vorschriften für Vorsatz und grobe Fahrlässigkeit sowie bei Verletzung von Leben, Körper oder Gesundheit. Im Übrigen ist die Haftung für leichte Fahrlässigkeit auf die Verletzung wesentlicher Pflichten und den vorhersehbaren Schaden beschränkt. Maßgeblich für Ihre Rechte und Pflichten als Mieterin oder Mieter bleibt Ihr Mietvertrag.",
        ],
      },
      {
        heading: "9. Datenschutz und Änderungen",
        paragraphs: [
          "Wie wir Ihre Daten verarbeiten, erklärt unsere Datenschutzerklärung. Ändern sich diese Bedingungen, informieren wir Sie im Portal; es gilt die jeweils angezeigte Fassung.",
        ],
      },
    ],
  };
}
