/** The workspace new records go into: the demo workspace when present, else the default one. */
import type { Db } from "./client";

export const DEMO_WORKSPACE_SLUG = "demo";
export const DEFAULT_WORKSPACE_SLUG = "default";

/** The default (non-demo) workspace, created on first use. */
export async function ensureDefaultWorkspace(db: Db): Promise<string> {
  const ws = await db.workspace.upsert({
    where: { slug: DEFAULT_WORKSPACE_SLUG },
    create: { slug: DEFAULT_WORKSPACE_SLUG, name: "Workspace", isDemo: false },
    update: {},
  });
  return ws.id;
}

export async function currentWorkspaceId(db: Db): Promise<string> {
  const demo = await db.workspace.findUnique({ where: { slug: DEMO_WORKSPACE_SLUG } });
  return demo?.id ?? ensureDefaultWorkspace(db);
}
