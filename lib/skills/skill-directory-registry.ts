/**
 * The skills of the directories named by ATELIER_SKILLS_DIRS (lib/skills/README.md, "Directories"):
 * read-only in the studio, scanned at start and again by `refresh()` (the library's Refresh).
 *
 * - Each directory holds one folder per skill. A skill found in a later directory overrides one of
 *   the same name from an earlier directory; each override is a warning the library shows.
 * - A refresh rebuilds the registry: added, updated and removed skills are reported. A skill whose
 *   SKILL.md no longer parses keeps its previous entry (with a warning naming the error); a
 *   directory that cannot be read keeps the previous entries of that directory. A bad edit on disk
 *   therefore never takes a working skill away from agents.
 *
 * One registry per process: `skillDirectories()` keeps it in one `globalThis` slot, because Next.js
 * bundles each route apart and every copy must see the same scan (as lib/server does).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { readSkillsDirectory, type SkillFolder } from "./read-skill-folder";
import { MAX_RESOURCE_READ_CHARS } from "./skill-limits.shared";
import { resourcePathProblem } from "./skill-resource-path.shared";
import type { DirectorySkillView } from "./skill-views.shared";

export interface DirectorySkill extends DirectorySkillView {
  /** A fingerprint of SKILL.md and the file list (what `updated` compares). */
  fingerprint: string;
}

export interface SkillChanges {
  revision: number;
  added: string[];
  updated: string[];
  removed: string[];
}

export class SkillDirectoryRegistry {
  private skills = new Map<string, DirectorySkill>();
  private overrideWarnings: string[] = [];
  private scanWarnings: string[] = [];
  private revisionValue = 0;
  private scanning: Promise<SkillChanges> | null = null;
  private scanned: Promise<unknown> | null = null;

  constructor(readonly directories: readonly string[]) {}

  get revision() {
    return this.revisionValue;
  }

  /** The registry, scanning once first if nothing was scanned yet. */
  async ready(): Promise<this> {
    this.scanned ??= this.refresh();
    await this.scanned;
    return this;
  }

  list(): DirectorySkill[] {
    return [...this.skills.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  get(name: string): DirectorySkill | undefined {
    return this.skills.get(name);
  }

  /** Overrides between directories and skills that did not parse, for the library. */
  warnings(): string[] {
    return [...this.overrideWarnings, ...this.scanWarnings];
  }

  /** Rescans every directory (one scan at a time; a call during a scan waits for it). */
  refresh(): Promise<SkillChanges> {
    this.scanning ??= this.scan().finally(() => (this.scanning = null));
    this.scanned ??= this.scanning;
    return this.scanning;
  }

  /** One resource of a directory skill, read from disk now, confined to its folder and capped. */
  async readResource(name: string, rel: string): Promise<string | null> {
    const skill = this.skills.get(name);
    if (!skill || resourcePathProblem(rel) || !skill.files.some((f) => f.path === rel)) return null;
    const full = path.resolve(skill.directory, rel);
    if (!full.startsWith(path.resolve(skill.directory) + path.sep)) return null;
    const text = await readFile(full, "utf8").catch(() => null);
    return text === null ? null : text.slice(0, MAX_RESOURCE_READ_CHARS + 1);
  }

  private async scan(): Promise<SkillChanges> {
    const next = new Map<string, DirectorySkill>();
    const overrides: string[] = [];
    const problems: string[] = [];
    for (const dir of this.directories) {
      let folders: SkillFolder[];
      try {
        folders = await readSkillsDirectory(dir);
      } catch (e) {
        problems.push(
          `Skills directory '${dir}' could not be read (${(e as Error).message}); its skills are kept as they were.`,
        );
        for (const s of this.skills.values()) if (path.dirname(s.directory) === path.resolve(dir)) next.set(s.name, s);
        continue;
      }
      for (const f of folders) {
        let entry: DirectorySkill | undefined;
        if (f.parsed.frontMatter) entry = toEntry(f);
        else {
          const first = f.parsed.diagnostics.find((d) => d.severity === "error");
          const previous = this.skills.get(f.folder);
          const why = `${f.directory}/SKILL.md line ${first?.range.startLine ?? 1}: ${first?.message ?? "does not parse"}`;
          if (previous && previous.directory === f.directory) {
            problems.push(`Skill '${f.folder}' keeps its previous version: ${why}`);
            entry = previous;
          } else problems.push(`Skill folder '${f.folder}' is not loaded: ${why}`);
        }
        if (!entry) continue;
        const earlier = next.get(entry.name);
        if (earlier)
          overrides.push(
            `Skill '${entry.name}' from '${path.dirname(entry.directory)}' overrides the one from '${path.dirname(earlier.directory)}'.`,
          );
        next.set(entry.name, entry);
      }
    }
    const changes: SkillChanges = { revision: this.revisionValue + 1, added: [], updated: [], removed: [] };
    for (const [name, s] of next) {
      const old = this.skills.get(name);
      if (!old) changes.added.push(name);
      else if (old.fingerprint !== s.fingerprint || old.directory !== s.directory) changes.updated.push(name);
    }
    for (const name of this.skills.keys()) if (!next.has(name)) changes.removed.push(name);
    this.skills = next;
    this.overrideWarnings = overrides;
    this.scanWarnings = problems;
    this.revisionValue = changes.revision;
    return changes;
  }
}

function toEntry(f: SkillFolder): DirectorySkill {
  const fm = f.parsed.frontMatter!;
  return {
    name: fm.name,
    description: fm.description,
    directory: path.resolve(f.directory),
    frontMatter: fm,
    instructions: f.parsed.instructions,
    skillMd: f.skillMd,
    files: f.files,
    warnings: [...f.parsed.diagnostics.filter((d) => d.severity === "warning").map((d) => d.message), ...f.warnings],
    fingerprint: JSON.stringify([f.skillMd, f.files]),
  };
}

/** ATELIER_SKILLS_DIRS: directories separated by the platform's path delimiter (`:`) or commas. */
export function skillDirectoriesFromEnv(env: Record<string, string | undefined> = process.env): string[] {
  return (env.ATELIER_SKILLS_DIRS ?? "")
    .split(new RegExp(`[,${path.delimiter === ";" ? ";" : ":"}]`))
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => path.resolve(d));
}

const SLOT = Symbol.for("atelier.skills.directories");

/** The process's registry over ATELIER_SKILLS_DIRS (built on first use; scanned by `ready()`). */
export function skillDirectories(): SkillDirectoryRegistry {
  const g = globalThis as { [SLOT]?: SkillDirectoryRegistry };
  return (g[SLOT] ??= new SkillDirectoryRegistry(skillDirectoriesFromEnv()));
}

/** Forgets the process's registry so the next use reads ATELIER_SKILLS_DIRS again (tests). */
export function resetSkillDirectories(): void {
  delete (globalThis as { [SLOT]?: SkillDirectoryRegistry })[SLOT];
}
