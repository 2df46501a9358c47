import type { QueryClient } from "@tanstack/react-query";
import { mutationKeys } from "./mutation-keys";
import type { ApiMutationVariables } from "./mutations";
import { isOfflineResult } from "./offline/types";

// The sending code (lib/mutations) is imported by every screen that makes a change, so it is loaded
// by the time a change is made: the import below finds it in place and never waits for a download.
// It is not part of the login's start-up JavaScript (issue 13).

/** Registers the central defaults; call once when the QueryClient is made. */
export function registerMutationDefaults(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(mutationKeys.api, {
    mutationFn: async (variables: ApiMutationVariables) => (await import("./mutations")).sendApiMutation(variables),
    // Runs offline too: the function itself queues the change (TanStack would only pause it in memory).
    networkMode: "always",
    onSuccess: async (data, variables: ApiMutationVariables) => {
      // A queued change refreshes its queries when the sync sent it.
      if (isOfflineResult(data)) return;
      await Promise.all((variables.invalidates ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
