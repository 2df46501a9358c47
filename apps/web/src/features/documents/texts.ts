/** Texts of the documents screen (spec sections 2, 5 and 8). */
export const documentTexts = {
  title: "Dokumente",
  search: "Dokumente durchsuchen",
  loading: "Dokumente werden geladen...",
  loadError: "Fehler beim Laden der Dokumente",
  loadErrorAdvice:
    "Bitte versuchen Sie es später erneut. Besteht das Problem weiter, wenden Sie sich an unseren Support.",
  retry: "Erneut versuchen",
  sections: {
    contract: "Vertragsdokumente",
    utility: "Nebenkostenabrechnungen",
    mine: "Meine Dokumente",
  },
  empty: {
    contract: "Keine Vertragsdokumente vorhanden",
    utility: "Keine Nebenkostenabrechnungen vorhanden",
    mine: "Sie haben noch keine eigenen Dokumente hochgeladen",
  },
  noMatch: (query: string) => `Keine Treffer für „${query}“`,
  resultCount: (count: number) => (count === 1 ? "1 Dokument gefunden" : `${count} Dokumente gefunden`),
  download: "Öffnen",
  downloadLabel: (title: string) => `${title} in neuem Tab öffnen`,
  downloadPending: "Dokument wird geladen...",
  downloadErrorTitle: "Fehler beim Öffnen",
  downloadErrorDescription: "Das Dokument konnte nicht geöffnet werden. Bitte versuchen Sie es später erneut.",
  uploadedOn: "Hochgeladen am",
  size: "Größe",
  fileType: "Dateityp",
  upload: {
    button: "Hochladen",
    buttonLabel: "Dokument hochladen",
    inputLabel: "Datei zum Hochladen auswählen",
    hint: "Erlaubt sind PDF, Word (DOC, DOCX), JPG und PNG.",
    uploading: "Wird hochgeladen...",
    progressLabel: (fileName: string) => `Fortschritt beim Hochladen von ${fileName}`,
    percent: (percent: number) => `${percent} %`,
    waitingForNetwork: "Sie sind offline. Das Dokument wird hochgeladen, sobald wieder eine Verbindung besteht.",
    successTitle: "Dokument hochgeladen",
    successDescription: "Ihr Dokument wurde erfolgreich hochgeladen.",
    errorTitle: "Fehler beim Hochladen",
    errorDescription: "Das Dokument konnte nicht hochgeladen werden. Bitte versuchen Sie es später erneut.",
    refusedType: (fileName: string) =>
      `„${fileName}“ kann nicht hochgeladen werden: Dieser Dateityp ist nicht erlaubt. Bitte wählen Sie eine PDF-, Word- (DOC, DOCX), JPG- oder PNG-Datei.`,
    tooLarge: (fileName: string, size: string, maxMegabytes: number) =>
      `„${fileName}“ kann nicht hochgeladen werden: Die Datei ist zu groß (${size}). Erlaubt sind höchstens ${maxMegabytes} MB.`,
    empty: (fileName: string) => `„${fileName}“ kann nicht hochgeladen werden: Die Datei ist leer.`,
  },
  /** In the offline queue's lists and the offline no-data message (lib/changes, lib/reads). */
  resource: "Dokumente",
  queue: { upload: "Dokument hochladen" },
} as const;

/** German name of every document type (the contracts' words); the search matches these as well as the raw type. */
export { DOCUMENT_TYPE_LABELS as documentTypeLabels } from "@mieter-portal/contracts/labels";
