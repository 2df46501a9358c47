import type { QueryClient } from "@tanstack/react-query";
import { PersistQueryClientProvider } from "@tanstack/react-query-persist-client";
import { useState } from "react";
import { RouterProvider } from "react-router";
import { Toaster } from "@/components/ui/toaster";
import { APP_VERSION } from "@/config/env";
import { createPersister, PERSIST_MAX_AGE } from "@/lib/query-client";
import { LazyUpdatePrompt } from "@/pwa/lazy-update-prompt";
import { createRouter } from "./router";

export function App({ queryClient }: { queryClient: QueryClient }) {
  const [router] = useState(createRouter);
  const [persister] = useState(createPersister);
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{ persister, maxAge: PERSIST_MAX_AGE, buster: APP_VERSION }}
    >
      <RouterProvider router={router} />
      {/* Below the fixed header while it is shown (--header-height, index.css): never over title, bell and avatar. */}
      <Toaster viewportClassName="top-[var(--header-height,0px)]" />
      <LazyUpdatePrompt />
    </PersistQueryClientProvider>
  );
}
