export const faqTexts = {
  heading: "Häufige Fragen (FAQ)",
  intro: "Antworten auf die wichtigsten Fragen rund um Ihr Mietverhältnis und das Mieter-Portal.",
  backToSettings: "Zurück zu den Einstellungen",
  categories: "Kategorien",
  moreQuestionsTitle: "Weitere Fragen?",
  moreQuestionsText: "Ihre Frage war nicht dabei? Schreiben Sie uns, wir helfen Ihnen gern weiter.",
  writeEmail: "E-Mail schreiben",
} as const;

export type FaqCategoryId = "portal" | "payment" | "repairs" | "meters" | "technical";

export const FAQ_CATEGORY_LABELS: Record<FaqCategoryId, string> = {
  portal: "Portal",
  payment: "Miete & Zahlung",
  repairs: "Reparaturen",
  meters: "Zählerstände",
  technical: "Technische Fragen",
};

/** Portal is shown first (spec section 2). */
export const DEFAULT_FAQ_CATEGORY: FaqCategoryId = "portal";
