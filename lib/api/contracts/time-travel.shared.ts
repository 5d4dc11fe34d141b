/**
 * Time travel (docs/time-travel.md): fork a conversation at a past event, replay it as a new
 * conversation with the original's recorded tool results, and compare two conversations turn by
 * turn. Shapes: lib/runs/read-models/branches/branch-views.shared.ts.
 */
import { z } from "zod";
import { endpoint } from "../contract.shared";
import { LabelName } from "../../agents/agent-label.shared";
import {
  ConversationBranches,
  ConversationComparison,
  ForkedFrom,
  ReplayToolResults,
} from "../../runs/read-models/branches/branch-views.shared";

const ConversationParams = z.object({ id: z.string().min(1) });
const Version = z.number({ error: "A version is a positive whole number" }).int().positive();
const ModelKey = z.string().trim().min(1, "Name the roster key (provider:model)");
const Title = z.string().trim().max(200, "A title is at most 200 characters");

const oneOfVersionOrLabel = (b: { version?: number; label?: string }) =>
  b.version === undefined || b.label === undefined;
const versionOrLabelMessage = { message: "Give a version or a label, not both", path: ["label"] };

export const timeTravelApi = {
  /**
   * A new conversation whose log is a copy of this one's up to and including event `atSeq`, run from
   * then on by `version` or `label` (neither: the original's version) and `modelKey` (in that
   * version's roster, else 409 ModelSwitchError). `atSeq` must be a run boundary (a top-level
   * RunFinished not followed by its conclusion run) or an event between turns; 0 forks before the
   * first event. Any other point is a 400 `validation_error` with `validSeqs` near it.
   */
  fork: endpoint({
    method: "POST",
    path: "/api/conversations/:id/fork",
    params: ConversationParams,
    body: z
      .object({
        atSeq: z.number({ error: "atSeq is the event seq to fork after" }).int().min(0, "atSeq is 0 or more"),
        version: Version.optional(),
        label: LabelName.optional(),
        modelKey: ModelKey.optional(),
        title: Title.optional(),
      })
      .strict()
      .refine(oneOfVersionOrLabel, versionOrLabelMessage),
    response: z.strictObject({ id: z.string(), forkedFrom: ForkedFrom }),
    status: 201,
  }),
  /**
   * Re-sends this conversation's user messages in order as a new conversation (a queued job): a tool
   * call matching the original's (same tool, same turn, k-th call, deep-equal arguments) gets its
   * recorded result without running; an unmatched pure call runs live only with `live-pure`; an
   * unmatched side-effecting call is refused (`errorType: "ReplayRefused"`) and never runs. A replay
   * creates no approvals.
   */
  replay: endpoint({
    method: "POST",
    path: "/api/conversations/:id/replay",
    params: ConversationParams,
    body: z
      .object({
        version: Version.optional(),
        label: LabelName.optional(),
        modelKey: ModelKey.optional(),
        toolResults: ReplayToolResults.default("recorded"),
        title: Title.optional(),
      })
      .strict()
      .refine(oneOfVersionOrLabel, versionOrLabelMessage),
    response: z.strictObject({ id: z.string() }),
    status: 202,
  }),
  /** Where this conversation came from and the forks and replays made from it. */
  branches: endpoint({
    method: "GET",
    path: "/api/conversations/:id/branches",
    params: ConversationParams,
    response: ConversationBranches,
  }),
  /** The two conversations aligned by turn (any role that may read both). */
  compare: endpoint({
    method: "GET",
    path: "/api/conversations/:id/compare/:otherId",
    params: z.object({ id: z.string().min(1), otherId: z.string().min(1) }),
    response: ConversationComparison,
  }),
};
