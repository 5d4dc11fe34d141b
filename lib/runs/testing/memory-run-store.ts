/**
 * The run engine's `RunStore` port in memory, for the scenario tests (lib/runs/scenarios): events
 * numbered 1, 2, 3… per conversation in the order they were appended (as the batched writer does),
 * runs, approvals, lifetime usage recomputed from the stored runs and LlmUsageEvents (nothing kept
 * aside, so a second set of deps on the same store — a "restart" — sees the same totals), tool-state
 * sequences per (tool, conversation), the audit list and each agent's memory files.
 *
 * Event data is stored as JSON (a round trip, as a database column would), so a test can never see
 * an object the loop still holds and mutates. With `commitDelayMs`, appends commit late (as the
 * batched writer's do): numbered at once, readable through `conversationEvents` and resolved only
 * once committed — so a test can check what was committed when a side effect ran.
 */
import type { RunStatus, StopReason, RunError, RunUsage, StoredEvent } from "../../events/event-types";
import { addUsage, requestUsage } from "../../events/usage-counters.shared";
import type { MemoryFileStore } from "../../tools/builtin/memory-tool";
import { MapWorkspaceFileStore } from "../../workspace-files/map-workspace-file-store";
import type { WorkspaceFileStore, WorkspaceRef } from "../../workspace-files/workspace-file-store";
import type { AuditEntry, LifetimeUsage, NewApproval, NewRunRecord, RunFinish, RunStore } from "../engine/ports";

export interface MemoryRun extends NewRunRecord {
  status: RunStatus;
  stopReason: StopReason | null;
  error: RunError | null;
  usage: RunUsage | null;
  costNanoUsd: number;
  /** The model that answered (the run row's `model` after it finished). */
  answeredModel: string | null;
  /** Order of creation, 1-based. */
  order: number;
}

export interface MemoryApproval extends NewApproval {
  id: string;
  status: "pending";
}

const json = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

export class MemoryRunStore implements RunStore {
  private readonly log = new Map<string, StoredEvent[]>();
  readonly runs = new Map<string, MemoryRun>();
  readonly approvals: MemoryApproval[] = [];
  readonly auditLog: AuditEntry[] = [];
  /** Every agent's memory files: agentId → path → content. */
  readonly files = new Map<string, Map<string, string>>();
  private readonly toolSeqs = new Map<string, number>();
  private ids = 0;
  /** Per conversation: how many of its events are committed. */
  private readonly committedCount = new Map<string, number>();

  constructor(
    private readonly now: () => Date = () => new Date(0),
    private readonly commitDelayMs = 0,
  ) {}

  /** Numbers are taken when the append is called, so they follow the order of the calls. */
  async appendEvents(conversationId: string, entries: Parameters<RunStore["appendEvents"]>[1]): Promise<StoredEvent[]> {
    const list = this.log.get(conversationId) ?? [];
    this.log.set(conversationId, list);
    const createdAt = this.now().toISOString();
    const stored: StoredEvent[] = [];
    for (const { event } of entries) {
      const e = { seq: list.length + 1, runId: event.runId, type: event.type, createdAt, data: json(event.data) };
      list.push(e as StoredEvent);
      stored.push(e as StoredEvent);
    }
    const last = list.length;
    if (this.commitDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.commitDelayMs));
    this.committedCount.set(conversationId, Math.max(this.committedCount.get(conversationId) ?? 0, last));
    return json(stored);
  }

  /** The committed events, in seq order. */
  async conversationEvents(conversationId: string): Promise<StoredEvent[]> {
    return this.committed(conversationId);
  }

  /** The events committed so far (all of them unless commits are delayed). */
  committed(conversationId: string): StoredEvent[] {
    return json((this.log.get(conversationId) ?? []).slice(0, this.committedCount.get(conversationId) ?? 0));
  }

  /** Sequential ids, unique in this store (so deps created after a "restart" never reuse one). */
  nextId(prefix = "run"): string {
    return `${prefix}-${++this.ids}`;
  }

  /** Every appended event, committed or not, synchronously (assertions). */
  eventsOf(conversationId: string): StoredEvent[] {
    return json(this.log.get(conversationId) ?? []);
  }

  conversationIds(): string[] {
    return [...this.log.keys()];
  }

  async createRun(run: NewRunRecord): Promise<void> {
    if (this.runs.has(run.id)) throw new Error(`run ${run.id} exists already`);
    this.runs.set(run.id, {
      ...run,
      status: "running",
      stopReason: null,
      error: null,
      usage: null,
      costNanoUsd: 0,
      answeredModel: null,
      order: this.runs.size + 1,
    });
  }

  async finishRun(runId: string, finish: RunFinish): Promise<void> {
    const run = this.runs.get(runId);
    if (!run) throw new Error(`no run ${runId} to finish`);
    Object.assign(run, {
      status: finish.status,
      stopReason: finish.stopReason,
      error: json(finish.error),
      usage: { ...finish.usage },
      costNanoUsd: finish.costNanoUsd,
      answeredModel: finish.model,
    });
  }

  /** Runs in the order they were created. */
  runList(filter: Partial<Pick<MemoryRun, "conversationId" | "agentId" | "kind">> = {}): MemoryRun[] {
    return [...this.runs.values()]
      .filter((r) => Object.entries(filter).every(([k, v]) => r[k as keyof MemoryRun] === v))
      .sort((a, b) => a.order - b.order);
  }

  /** Runs started by the agent (any status) and the tokens of every LlmUsageEvent of its runs. */
  async agentLifetimeUsage(agentId: string): Promise<LifetimeUsage> {
    const runs = [...this.runs.values()].filter((r) => r.agentId === agentId);
    const ids = new Set(runs.map((r) => r.id));
    let used: LifetimeUsage = { runs: runs.length, inputTokens: 0, outputTokens: 0, totalTokens: 0 };
    for (const events of this.log.values())
      for (const e of events) {
        if (e.type !== "LlmUsageEvent" || !e.runId || !ids.has(e.runId)) continue;
        used = addUsage(used, requestUsage(e.data));
      }
    return used;
  }

  async createApproval(approval: NewApproval): Promise<{ id: string }> {
    const id = `approval-${this.approvals.length + 1}`;
    this.approvals.push({ ...json(approval), id, status: "pending" });
    return { id };
  }

  async reserveToolSeqs(toolId: string, conversationId: string, count: number): Promise<number> {
    const key = `${toolId}\u0000${conversationId}`;
    const last = this.toolSeqs.get(key) ?? 0;
    this.toolSeqs.set(key, last + count);
    return last + 1;
  }

  async audit(entry: AuditEntry): Promise<void> {
    this.auditLog.push(json(entry));
  }

  memoryFiles(agentId: string): MemoryFileStore {
    let files = this.files.get(agentId);
    if (!files) this.files.set(agentId, (files = new Map()));
    return new MapFileStore(files);
  }

  /** Every workspace's files (`scope:scopeId` → its versions), writes numbered with the conversation's events. */
  readonly workspaces = new Map<string, MapWorkspaceFileStore>();

  workspaceFiles(ref: WorkspaceRef, conversationId: string): WorkspaceFileStore {
    const key = `${ref.scope}:${ref.scopeId}`;
    let store = this.workspaces.get(key);
    if (!store) this.workspaces.set(key, (store = new MapWorkspaceFileStore(this.now)));
    // The versions are shared; each call's view numbers its writes with its own conversation's log.
    return store.writingAt(() => this.log.get(conversationId)?.length ?? 0);
  }
}

/** One agent's memory files over a Map, refusing an occupied rename destination as the database does. */
export class MapFileStore implements MemoryFileStore {
  constructor(private readonly files: Map<string, string>) {}

  async list(prefix: string) {
    return [...this.files]
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, content]) => ({ path, size: Buffer.byteLength(content, "utf8") }))
      .sort((a, b) => (a.path < b.path ? -1 : 1));
  }

  async usage() {
    let bytes = 0;
    for (const content of this.files.values()) bytes += Buffer.byteLength(content, "utf8");
    return { files: this.files.size, bytes };
  }

  async read(path: string) {
    return this.files.get(path) ?? null;
  }

  async write(path: string, content: string) {
    this.files.set(path, content);
  }

  async remove(path: string) {
    return this.files.delete(path);
  }

  async rename(from: string, to: string) {
    const content = this.files.get(from);
    if (content === undefined || this.files.has(to)) throw new Error(`memory store: cannot rename ${from} to ${to}`);
    this.files.delete(from);
    this.files.set(to, content);
  }
}
