/** German texts of the "load more" control under every paged list (decision 007). */
export const loadMoreTexts = {
  button: "Weitere laden",
  loading: "Weitere Einträge werden geladen...",
  failed: "Weitere Einträge konnten nicht geladen werden. Bitte versuchen Sie es erneut.",
} as const;
