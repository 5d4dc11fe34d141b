/**
 * The turns this process is executing, one per conversation at most: a second message while a turn
 * runs is refused (409 RunInProgress), and a turn's runs can be cancelled through its controller.
 * Claiming is synchronous, so two messages arriving together cannot both start a turn.
 */
import type { AgentRecord } from "../engine/ports";

export interface ActiveTurn {
  conversationId: string;
  controller: AbortController;
  /** The runs of the turn as they start (turn, children, conclusion). */
  runIds: string[];
  startedAt: number;
  /** The claim's token once the turn is submitted as a job (lib/runs/queue). */
  token?: string;
  /** The agent as admitted by the lifetime budget when the turn was accepted in this process. */
  admitted?: AgentRecord;
}

export class ActiveRuns {
  private readonly turns = new Map<string, ActiveTurn>();

  /** The new turn, or null when the conversation already has one. */
  claim(conversationId: string): ActiveTurn | null {
    if (this.turns.has(conversationId)) return null;
    const turn: ActiveTurn = { conversationId, controller: new AbortController(), runIds: [], startedAt: Date.now() };
    this.turns.set(conversationId, turn);
    return turn;
  }

  get(conversationId: string): ActiveTurn | undefined {
    return this.turns.get(conversationId);
  }

  release(turn: ActiveTurn): void {
    if (this.turns.get(turn.conversationId) === turn) this.turns.delete(turn.conversationId);
  }

  /** Every run id of every active turn. */
  runIds(): string[] {
    return [...this.turns.values()].flatMap((t) => t.runIds);
  }

  size(): number {
    return this.turns.size;
  }

  /** Aborts every turn (graceful shutdown): their runs finish `interrupted`. */
  abortAll(reason = "the server is shutting down"): void {
    for (const t of this.turns.values()) t.controller.abort(reason);
  }
}
