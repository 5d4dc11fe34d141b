"use client";
import { createContext, useContext, type ReactNode } from "react";
import type { Role } from "@/lib/auth/roles.shared";

export interface ViewerInfo {
  kind: "user" | "token" | "system";
  name: string;
  email: string | null;
  roles: Role[];
}

const ViewerContext = createContext<ViewerInfo | null>(null);

export function ViewerProvider({ viewer, children }: { viewer: ViewerInfo; children: ReactNode }) {
  return <ViewerContext.Provider value={viewer}>{children}</ViewerContext.Provider>;
}

export function useViewer(): ViewerInfo {
  const v = useContext(ViewerContext);
  if (!v) throw new Error("useViewer outside the studio layout");
  return v;
}

/** Admin may do anything; otherwise one of the roles. The server checks again on every call. */
export function useCan(...roles: Role[]): boolean {
  const v = useViewer();
  return v.roles.includes("admin") || roles.some((r) => v.roles.includes(r));
}
