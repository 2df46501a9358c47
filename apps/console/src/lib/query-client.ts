import { MutationCache, QueryClient } from "@tanstack/react-query";
import { ApiError, errorMessage } from "./api-client";

/**
 * Errors of mutations are shown here, not in the API client (DESIGN §5), by the notifier the app
 * gives (a toast: lib does not import UI); forms that show field errors themselves set
 * `meta: { inlineErrors: true }`. A 401 has already signed out.
 */
export function createQueryClient(showMutationError: (message: string) => void): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.inlineErrors) return;
        if (error instanceof ApiError && error.status === 401) return;
        showMutationError(errorMessage(error));
      },
    }),
  });
}

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: { inlineErrors?: boolean };
  }
}
