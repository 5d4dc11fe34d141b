"use client";
/** TanStack Query hooks of the settings page: users, API tokens, provider keys, audit log, health. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-client";
import { refetchAfterWrite } from "@/components/api/refetch-after-write";
import type { RequestOf } from "@/lib/api/contract.shared";
import type { KeyedProvider } from "@/lib/auth/provider-credentials.shared";
import { authApi } from "@/lib/api/contracts/auth.shared";
import { credentialsApi } from "@/lib/api/contracts/credentials.shared";
import { healthApi } from "@/lib/api/contracts/health.shared";
import { tokensApi } from "@/lib/api/contracts/tokens.shared";
import { usersApi } from "@/lib/api/contracts/users.shared";

/** After a change, the list it changed and the audit log that recorded it. */
function refresh(qc: ReturnType<typeof useQueryClient>, key: string) {
  return Promise.all([refetchAfterWrite(qc, [key]), refetchAfterWrite(qc, ["audit"])]);
}

export function useUsers() {
  return useQuery({ queryKey: ["users"], queryFn: () => apiFetch(usersApi.list) });
}

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof usersApi.create>["body"]) => apiFetch(usersApi.create, { body }),
    onSuccess: () => refresh(qc, "users"),
  });
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & RequestOf<typeof usersApi.update>["body"]) =>
      apiFetch(usersApi.update, { params: { id }, body }),
    onSettled: () => refresh(qc, "users"),
  });
}

export function useTokens() {
  return useQuery({ queryKey: ["tokens"], queryFn: () => apiFetch(tokensApi.list) });
}

export function useCreateToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof tokensApi.create>["body"]) => apiFetch(tokensApi.create, { body }),
    onSuccess: () => refresh(qc, "tokens"),
  });
}

export function useRevokeToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(tokensApi.revoke, { params: { id } }),
    onSuccess: () => refresh(qc, "tokens"),
  });
}

export function useCredentials() {
  return useQuery({ queryKey: ["credentials"], queryFn: () => apiFetch(credentialsApi.list) });
}

export function useSetCredential() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, value, baseUrl }: { provider: KeyedProvider; value: string; baseUrl?: string }) =>
      apiFetch(credentialsApi.set, { params: { provider }, body: baseUrl ? { value, baseUrl } : { value } }),
    onSuccess: () => refresh(qc, "credentials"),
  });
}

export function useRemoveCredential() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (provider: KeyedProvider) => apiFetch(credentialsApi.remove, { params: { provider } }),
    onSuccess: () => refresh(qc, "credentials"),
  });
}

/** One tiny real request with the saved (or environment) key; the provider's own error text on failure. */
export function useTestCredential() {
  return useMutation({
    mutationFn: ({ provider, model, baseUrl }: { provider: KeyedProvider; model?: string; baseUrl?: string }) =>
      apiFetch(credentialsApi.test, {
        params: { provider },
        body: { ...(model ? { model } : {}), ...(baseUrl ? { baseUrl } : {}) },
      }),
  });
}

/** The signed-in user's own password; the server ends their other sessions and revokes their API tokens. */
export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof authApi.changePassword>["body"]) => apiFetch(authApi.changePassword, { body }),
    onSuccess: () => {
      void refetchAfterWrite(qc, ["audit"]);
      void refetchAfterWrite(qc, ["tokens"]); // now revoked
    },
  });
}

export function useHealth() {
  return useQuery({ queryKey: ["health"], queryFn: () => apiFetch(healthApi.get) });
}
