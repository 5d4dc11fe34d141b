/**
 * What one ended segment's spans are built from, read from the database once its `RunFinished` is
 * committed: the run's row, its events up to that `RunFinished` (never another conversation's: a
 * fork copies run ids), its agent's name, the MCP tool names of the version it ran, and — for a
 * conclusion run, or a child whose call id is unknown — which segment of its caller it followed.
 */
import type { Db } from "../db/client";
import { toStoredEvent } from "../events/stored-event";
import type { SegmentInput } from "./segment-spans";

export interface EndedSegment {
  conversationId: string;
  runId: string;
  /** The seq of the `RunFinished` that ended it. */
  seq: number;
}

export async function loadSegment(db: Db, ended: EndedSegment, captureContent: boolean): Promise<SegmentInput | null> {
  const { conversationId, runId, seq } = ended;
  const [run, rows] = await Promise.all([
    db.run.findUnique({
      where: { id: runId },
      select: {
        id: true,
        conversationId: true,
        agentId: true,
        agentVersion: true,
        kind: true,
        parentRunId: true,
        parentToolCallId: true,
        rootRunId: true,
      },
    }),
    db.event.findMany({
      where: { conversationId, runId, seq: { lte: seq } },
      orderBy: { seq: "asc" },
      select: { seq: true, runId: true, type: true, payload: true, createdAt: true },
    }),
  ]);
  if (!run || rows.length === 0) return null;
  const events = rows.map(toStoredEvent);
  const [agent, version, parentSegment] = await Promise.all([
    db.agent.findUnique({ where: { id: run.agentId }, select: { name: true } }),
    run.agentVersion === null
      ? null
      : db.agentVersion.findUnique({
          where: { agentId_version: { agentId: run.agentId, version: run.agentVersion } },
          select: { config: true },
        }),
    run.parentRunId && !(run.kind === "child" && run.parentToolCallId)
      ? db.event.count({
          where: { conversationId, runId: run.parentRunId, type: "RunFinished", seq: { lt: events[0].seq } },
        })
      : 0,
  ]);
  return {
    run: {
      ...run,
      conversationId,
      agentName: agent?.name ?? "(deleted agent)",
    },
    events,
    parentSegment: Math.max(0, parentSegment - 1),
    mcpToolNames: mcpToolNames(version?.config),
    captureContent,
  };
}

/** The names the model sees for the MCP entries of an agent version's tools (`as`, else the server's name). */
export function mcpToolNames(config: unknown): Set<string> {
  const names = new Set<string>();
  const tools = (config as { tools?: unknown } | null | undefined)?.tools;
  if (!Array.isArray(tools)) return names;
  for (const t of tools) {
    if (!t || typeof t !== "object" || !("mcpServerId" in t)) continue;
    const entry = t as { tool?: unknown; as?: unknown };
    const name = typeof entry.as === "string" && entry.as ? entry.as : entry.tool;
    if (typeof name === "string") names.add(name);
  }
  return names;
}
