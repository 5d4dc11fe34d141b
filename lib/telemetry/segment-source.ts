/**
 * What one ended segment's spans are built from, read from the database once its `RunFinished` is
 * committed: the run's row, its events up to that `RunFinished` (never another conversation's: a
 * fork copies run ids), its agent's name, the MCP tool names of the version it ran, and — for a
 * conclusion run, or a child whose call id is unknown — which segment of its caller it followed.
 */
import type { Db } from "../db/client";
import { toStoredEvent } from "../events/stored-event";
import type { SegmentInput } from "./segment-spans";

const UNUSED_TYPES = ["LlmSystemPromptEvent", "ToolStateEvent"];

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
      // System prompt renderings and tool state payloads are not exported: not read.
      where: { conversationId, runId, seq: { lte: seq }, type: { notIn: UNUSED_TYPES } },
      orderBy: { seq: "asc" },
      select: { seq: true, runId: true, type: true, payload: true, createdAt: true },
    }),
  ]);
  if (!run || rows.length === 0) return null;
  const events = rows.map(toStoredEvent);
  const [agent, parentSegment] = await Promise.all([
    agentFacts(db, run.agentId, run.agentVersion),
    run.parentRunId && !(run.kind === "child" && run.parentToolCallId)
      ? db.event.count({
          where: { conversationId, runId: run.parentRunId, type: "RunFinished", seq: { lt: events[0].seq } },
        })
      : 0,
  ]);
  return {
    run: { ...run, conversationId, agentName: agent.name },
    events,
    parentSegment: Math.max(0, parentSegment - 1),
    mcpToolNames: agent.mcpToolNames,
    captureContent,
  };
}

/**
 * An agent's name and a version's MCP tool names, kept a minute per process (a version is
 * immutable; a renamed agent shows its new name within a minute), at most `AGENT_CACHE` entries.
 */
const AGENT_CACHE = 256;
const AGENT_TTL_MS = 60_000;
const agents = new Map<string, { at: number; value: Promise<{ name: string; mcpToolNames: Set<string> }> }>();

function agentFacts(db: Db, agentId: string, version: number | null) {
  const key = `${agentId}\u0000${version ?? ""}`;
  const hit = agents.get(key);
  if (hit && Date.now() - hit.at < AGENT_TTL_MS) return hit.value;
  const value = Promise.all([
    db.agent.findUnique({ where: { id: agentId }, select: { name: true } }),
    version === null
      ? null
      : db.agentVersion.findUnique({ where: { agentId_version: { agentId, version } }, select: { config: true } }),
  ]).then(([agent, v]) => ({ name: agent?.name ?? "(deleted agent)", mcpToolNames: mcpToolNames(v?.config) }));
  value.catch(() => agents.delete(key));
  if (agents.size >= AGENT_CACHE) agents.delete(agents.keys().next().value!);
  agents.set(key, { at: Date.now(), value });
  return value;
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
