/**
 * Where users dragged the canvas's nodes (CanvasPosition rows, one per workspace and node id):
 * layout only, outside agent versions. A node without a row is placed by the automatic layout.
 */
import type { Db } from "../db/client";
import { currentWorkspaceId } from "../db/workspace";
import type { CanvasPoint } from "./canvas-graph.shared";

/** Every stored position of the workspace, by node id. */
export async function readCanvasPositions(db: Db, workspaceId: string): Promise<Record<string, CanvasPoint>> {
  const rows = await db.canvasPosition.findMany({ where: { workspaceId }, orderBy: { nodeId: "asc" } });
  return Object.fromEntries(rows.map((r) => [r.nodeId, { x: r.x, y: r.y }]));
}

/**
 * Stores the given positions (one row per node id, replaced when it exists; the last of a node id
 * given twice wins) and answers every position of the workspace.
 */
export async function saveCanvasPositions(
  db: Db,
  positions: ReadonlyArray<{ nodeId: string; x: number; y: number }>,
): Promise<Record<string, CanvasPoint>> {
  const workspaceId = await currentWorkspaceId(db);
  const last = new Map(positions.map((p) => [p.nodeId, p]));
  if (last.size)
    await db.$transaction(async (tx) => {
      for (const { nodeId, x, y } of last.values())
        await tx.canvasPosition.upsert({
          where: { workspaceId_nodeId: { workspaceId, nodeId } },
          create: { workspaceId, nodeId, x, y },
          update: { x, y },
        });
    });
  return readCanvasPositions(db, workspaceId);
}

/** Forgets every position of the workspace; answers how many there were. */
export async function resetCanvasPositions(db: Db): Promise<number> {
  const workspaceId = await currentWorkspaceId(db);
  const { count } = await db.canvasPosition.deleteMany({ where: { workspaceId } });
  return count;
}
