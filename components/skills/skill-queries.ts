"use client";
/** TanStack Query hooks of the skills library and the skill page over the skills HTTP API. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { skillsApi, type SkillInput } from "@/lib/api/contracts/skills.shared";
import { apiFetch, apiUrl, readAnswer } from "@/components/api/api-client";
import { refetchAfterWrite } from "@/components/api/refetch-after-write";

export const skillKeys = {
  list: ["skills"] as const,
  detail: (name: string, version?: number) => ["skills", name, version ?? "latest"] as const,
  analyze: (skillMd: string, folder?: string) => ["skills", "analyze", folder ?? "", skillMd] as const,
};

export function useSkillList() {
  return useQuery({ queryKey: skillKeys.list, queryFn: ({ signal }) => apiFetch(skillsApi.list, { signal }) });
}

export function useSkill(name: string | null, version?: number) {
  return useQuery({
    queryKey: skillKeys.detail(name ?? "-", version),
    queryFn: () => apiFetch(skillsApi.get, { params: { name: name! }, query: { version } }),
    enabled: name !== null,
  });
}

/** The live check of a SKILL.md being typed (debounced by the caller). */
export function useSkillAnalysis(skillMd: string, folder: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: skillKeys.analyze(skillMd, folder),
    queryFn: ({ signal }) => apiFetch(skillsApi.analyze, { body: { skillMd, folder }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 30_000,
    retry: false,
  });
}

export function useCreateSkill() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SkillInput) => apiFetch(skillsApi.create, { body }),
    onSuccess: () => refetchAfterWrite(qc, skillKeys.list),
  });
}

export function useSaveSkill(name: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SkillInput) => apiFetch(skillsApi.update, { params: { name }, body }),
    onSuccess: () => refetchAfterWrite(qc, skillKeys.list),
  });
}

export function useDeleteSkill() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiFetch(skillsApi.delete, { params: { name } }),
    onSuccess: () => refetchAfterWrite(qc, skillKeys.list),
  });
}

export function useRefreshSkills() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(skillsApi.refresh),
    onSuccess: () => refetchAfterWrite(qc, skillKeys.list),
  });
}

/** Uploads a `.zip` or `.tar.gz` file as it is (the body is the archive, not JSON). */
export function useImportSkills() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const type = /\.zip$/i.test(file.name) ? "application/zip" : "application/gzip";
      const res = await fetch(apiUrl(skillsApi.importArchive), {
        method: "POST",
        headers: { accept: "application/json", "content-type": type },
        body: file,
        credentials: "same-origin",
      });
      return (await readAnswer(res)) as {
        skills: Array<{ name: string; version: number; created: boolean; files: number }>;
        warnings: string[];
      };
    },
    onSuccess: () => refetchAfterWrite(qc, skillKeys.list),
  });
}

/** The export link of a skill (a .zip download). */
export function skillExportUrl(name: string, version?: number): string {
  return apiUrl(skillsApi.exportZip, { params: { name }, query: { version } });
}
