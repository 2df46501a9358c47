import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { createBrowserRouter, RouterProvider } from "react-router";
import { setQueryRefresher } from "@/lib/queue";
import { routes } from "./routes";

export const BASENAME = "/einsatz";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: true }, mutations: { retry: false } },
  });
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  const [router] = useState(() => createBrowserRouter(routes, { basename: BASENAME }));
  useEffect(() => {
    // A finished sync run reloads what its changes touched (the visits' states).
    setQueryRefresher((keys) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    });
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
