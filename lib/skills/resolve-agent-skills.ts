/**
 * An agent's attached skills as a run uses them (lib/skills/README.md, "Runs"): each name resolved
 * when the run starts — the studio skill's active version, else the directory skill — with its
 * description, instructions and resources. What the run records is `{name, version}` (`version`
 * null for a directory skill, which has none).
 */
import type { Db } from "../db/client";
import { readJsonColumn } from "../db/json-column";
import { currentWorkspaceId } from "../db/workspace";
import { parseSkillMd } from "./parse-skill-md";
import type { SkillDirectoryRegistry } from "./skill-directory-registry";
import { MAX_RESOURCE_READ_CHARS } from "./skill-limits.shared";
import type { RunSkill } from "./skill-tools";
import type { SkillFile } from "./skill-views.shared";

/** Names that resolve to no usable skill, in the given order. */
export async function unknownSkills(db: Db, registry: SkillDirectoryRegistry, names: readonly string[]) {
  if (!names.length) return [];
  const workspaceId = await currentWorkspaceId(db);
  const rows = await db.skill.findMany({
    where: { workspaceId, name: { in: [...names] }, activeVersion: { not: null } },
    select: { name: true },
  });
  const studio = new Set(rows.map((r) => r.name));
  await registry.ready();
  return names.filter((n) => !studio.has(n) && !registry.get(n));
}

export async function resolveAgentSkills(
  db: Db,
  registry: SkillDirectoryRegistry,
  names: readonly string[],
): Promise<RunSkill[]> {
  if (!names.length) return [];
  const workspaceId = await currentWorkspaceId(db);
  const rows = await db.skill.findMany({ where: { workspaceId, name: { in: [...names] } } });
  const active = rows.filter((r) => r.activeVersion !== null);
  const versions = active.length
    ? await db.skillVersion.findMany({
        where: { OR: active.map((r) => ({ skillId: r.id, version: r.activeVersion! })) },
      })
    : [];
  const byName = new Map(
    active.map((r) => [r.name, versions.find((v) => v.skillId === r.id && v.version === r.activeVersion)]),
  );
  await registry.ready();
  const out: RunSkill[] = [];
  for (const name of names) {
    const v = byName.get(name);
    if (v) {
      const parsed = parseSkillMd(v.skillMd, name);
      const files = readJsonColumn<SkillFile[]>(v.files);
      const contents = new Map(files.map((f) => [f.path, f.content]));
      out.push({
        name,
        version: v.version,
        description: parsed.frontMatter?.description ?? v.description,
        instructions: parsed.instructions,
        allowedTools: parsed.frontMatter?.allowedTools ?? null,
        resources: files.map((f) => f.path),
        readResource: async (p) => {
          const text = contents.get(p);
          return text === undefined ? null : text.slice(0, MAX_RESOURCE_READ_CHARS + 1);
        },
      });
      continue;
    }
    const d = registry.get(name);
    if (!d) continue;
    out.push({
      name,
      version: null,
      description: d.description,
      instructions: d.instructions,
      allowedTools: d.frontMatter.allowedTools,
      resources: d.files.map((f) => f.path),
      readResource: (p) => registry.readResource(name, p),
    });
  }
  return out;
}
