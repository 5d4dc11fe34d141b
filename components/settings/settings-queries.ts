"use client";
/** TanStack Query hooks of the settings page: users, API tokens, provider keys, audit log, health. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TokenSummary } from "@/lib/auth/api-tokens";
import type { AuditEntry } from "@/lib/auth/audit-log";
import type { CredentialSummary } from "@/lib/auth/provider-credentials";
import type { HealthReport } from "@/lib/db/health";
import type { Role } from "@/lib/auth/roles.shared";
import type { UserSummary } from "@/lib/auth/users";
import { legacyApiFetch } from "@/components/api/api-client";

/** After a change, the list it changed and the audit log that recorded it. */
function refresh(qc: ReturnType<typeof useQueryClient>, key: string) {
  return Promise.all([qc.invalidateQueries({ queryKey: [key] }), qc.invalidateQueries({ queryKey: ["audit"] })]);
}

export function useUsers() {
  return useQuery({ queryKey: ["users"], queryFn: () => legacyApiFetch<{ users: UserSummary[] }>("/api/users") });
}

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; name: string; password: string; roles: Role[] }) =>
      legacyApiFetch<{ user: UserSummary }>("/api/users", { method: "POST", body: JSON.stringify(input) }),
    onSuccess: () => refresh(qc, "users"),
  });
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: { id: string; roles?: Role[]; active?: boolean; name?: string }) =>
      legacyApiFetch<{ user: UserSummary }>(`/api/users/${encodeURIComponent(id)}`, {
        method: "PUT",
        body: JSON.stringify(input),
      }),
    onSettled: () => refresh(qc, "users"),
  });
}

export function useTokens() {
  return useQuery({ queryKey: ["tokens"], queryFn: () => legacyApiFetch<{ tokens: TokenSummary[] }>("/api/tokens") });
}

export function useCreateToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; role: Role; expiresInDays: number | null }) =>
      legacyApiFetch<{ token: string; summary: TokenSummary }>("/api/tokens", {
        method: "POST",
        body: JSON.stringify(input),
      }),
    onSuccess: () => refresh(qc, "tokens"),
  });
}

export function useRevokeToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => legacyApiFetch(`/api/tokens/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => refresh(qc, "tokens"),
  });
}

export interface CredentialsAnswer {
  credentials: CredentialSummary[];
  environment: Array<{ provider: string; variable: string; set: boolean }>;
}

export function useCredentials() {
  return useQuery({ queryKey: ["credentials"], queryFn: () => legacyApiFetch<CredentialsAnswer>("/api/credentials") });
}

export function useSetCredential() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, value, baseUrl }: { provider: string; value: string; baseUrl?: string }) =>
      legacyApiFetch(`/api/credentials/${encodeURIComponent(provider)}`, {
        method: "PUT",
        body: JSON.stringify(baseUrl ? { value, baseUrl } : { value }),
      }),
    onSuccess: () => refresh(qc, "credentials"),
  });
}

export function useRemoveCredential() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (provider: string) =>
      legacyApiFetch(`/api/credentials/${encodeURIComponent(provider)}`, { method: "DELETE" }),
    onSuccess: () => refresh(qc, "credentials"),
  });
}

export interface ProviderTestAnswer {
  ok: boolean;
  answer?: string;
  error?: string;
  status?: number;
}

/** One tiny real request with the saved (or environment) key; the provider's own error text on failure. */
export function useTestCredential() {
  return useMutation({
    mutationFn: ({ provider, model, baseUrl }: { provider: string; model?: string; baseUrl?: string }) =>
      legacyApiFetch<ProviderTestAnswer>(`/api/credentials/${encodeURIComponent(provider)}/test`, {
        method: "POST",
        body: JSON.stringify({ ...(model ? { model } : {}), ...(baseUrl ? { baseUrl } : {}) }),
      }),
  });
}

export function useAudit() {
  return useQuery({
    queryKey: ["audit"],
    queryFn: () => legacyApiFetch<{ entries: AuditEntry[] }>("/api/audit?limit=100"),
  });
}

/** The signed-in user's own password; the server ends their other sessions. */
export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      legacyApiFetch<{ changed: true; endedSessions: number }>("/api/auth/password", {
        method: "POST",
        body: JSON.stringify(input),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["audit"] }),
  });
}

export function useHealth() {
  return useQuery({ queryKey: ["health"], queryFn: () => legacyApiFetch<HealthReport>("/api/health") });
}
