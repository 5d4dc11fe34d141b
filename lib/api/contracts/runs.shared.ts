/** The runs API (docs/http-contract.md): the runs list, one run with its events, and its trace. */
import { z } from "zod";
import { endpoint } from "../contract.shared";
import { RunDetail, RunSummary } from "../../runs/read-models/conversations/conversation-views.shared";
import { RunTrace } from "../../runs/read-models/traces/trace-wire.shared";

export const runsApi = {
  /** Runs, newest first. */
  list: endpoint({
    method: "GET",
    path: "/api/runs",
    query: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
    response: z.object({ runs: z.array(RunSummary) }),
  }),
  /** One run and its events in order. */
  get: endpoint({
    method: "GET",
    path: "/api/runs/:id",
    params: z.object({ id: z.string().min(1) }),
    response: RunDetail,
  }),
  /** The run as a timeline: model requests, tool calls, approvals, compactions, child runs nested. */
  trace: endpoint({
    method: "GET",
    path: "/api/runs/:id/trace",
    params: z.object({ id: z.string().min(1).max(200) }),
    response: RunTrace,
  }),
};
