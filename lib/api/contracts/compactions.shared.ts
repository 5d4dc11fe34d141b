/**
 * The compaction browser's API (docs/http-contract.md): every compaction and clear, filtered, and
 * one with the messages it replaced. Compacting, clearing and the next context are actions on a
 * conversation (lib/api/contracts/conversations.shared.ts).
 */
import { z } from "zod";
import { endpoint } from "../contract.shared";
import {
  CompactionDetail,
  CompactionSummary,
  CompactionsQuery,
} from "../../runs/read-models/compactions/compaction-views.shared";

export const compactionsApi = {
  /** Every compaction and clear, newest first: `?agentId=&conversationId=&strategy=&from=&to=&limit=`. */
  list: endpoint({
    method: "GET",
    path: "/api/compactions",
    query: CompactionsQuery,
    response: z.object({ compactions: z.array(CompactionSummary) }),
  }),
  /** One compaction or clear (`{conversationId}-{seq}`): its summary beside the messages it replaced. */
  get: endpoint({
    method: "GET",
    path: "/api/compactions/:id",
    params: z.object({ id: z.string().min(1) }),
    response: z.object({ compaction: CompactionDetail }),
  }),
};
