"use client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { ConfirmProvider } from "./confirm-dialog";
import { UnsavedChangesProvider } from "./unsaved-changes";

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 5_000, retry: 1, refetchOnWindowFocus: false } },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <ConfirmProvider>
        <UnsavedChangesProvider>{children}</UnsavedChangesProvider>
      </ConfirmProvider>
    </QueryClientProvider>
  );
}
