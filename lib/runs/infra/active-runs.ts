/**
 * The abort controllers of what this process is executing, one per conversation: a turn, a resume,
 * a manual compaction. It is not the conversation's lock — that is the claim's `RunLease` row
 * (queue/run-lease.ts), the same in one process and in queue mode. This registry lets the process
 * cancel what it runs (graceful shutdown: the runs finish `interrupted`), tell which runs are its
 * own (restart recovery never touches them), count them (`/api/health`), and refuse to execute a
 * conversation twice when it takes over a lease of its own.
 */
export interface ActiveTurn {
  conversationId: string;
  controller: AbortController;
  /** The runs of the turn as they start (turn, children, conclusion). */
  runIds: string[];
  startedAt: number;
  /** The token of the claim it executes. */
  token: string;
}

export class ActiveRuns {
  private readonly turns = new Map<string, ActiveTurn>();

  /** Registers what this process starts executing for a claim; null when it already executes the conversation. */
  start(conversationId: string, token: string): ActiveTurn | null {
    if (this.turns.has(conversationId)) return null;
    const turn: ActiveTurn = {
      conversationId,
      token,
      controller: new AbortController(),
      runIds: [],
      startedAt: Date.now(),
    };
    this.turns.set(conversationId, turn);
    return turn;
  }

  get(conversationId: string): ActiveTurn | undefined {
    return this.turns.get(conversationId);
  }

  /** True while this process executes the claim with this token. */
  executes(token: string): boolean {
    for (const t of this.turns.values()) if (t.token === token) return true;
    return false;
  }

  release(turn: ActiveTurn): void {
    if (this.turns.get(turn.conversationId) === turn) this.turns.delete(turn.conversationId);
  }

  /** Every run id of everything this process executes. */
  runIds(): string[] {
    return [...this.turns.values()].flatMap((t) => t.runIds);
  }

  size(): number {
    return this.turns.size;
  }

  /** Aborts everything (graceful shutdown): their runs finish `interrupted`. */
  abortAll(reason = "the server is shutting down"): void {
    for (const t of this.turns.values()) t.controller.abort(reason);
  }
}
