/** The usage HTTP API (docs/http-contract.md): tokens and cost summed by model, agent, turn, day or agent version. */
import { endpoint } from "../contract.shared";
import { UsageSummary, UsageSummaryQuery } from "../../runs/read-models/usage/usage-summary.shared";

export const usageApi = {
  /** The priced usage over a period, grouped (and optionally stacked); every breakdown adds up to its total. */
  summary: endpoint({
    method: "GET",
    path: "/api/usage/summary",
    query: UsageSummaryQuery,
    response: UsageSummary,
  }),
};
