/** The runs API (docs/http-contract.md): the runs list, one run with its events, and its trace. */
import { z } from "zod";
import { endpoint } from "../contract.shared";
import { RunDetail } from "../../runs/read-models/conversations/conversation-views.shared";
import { RunListPage, RunListQuery } from "../../runs/read-models/runs/run-list.shared";
import { RunTrace } from "../../runs/read-models/traces/trace-wire.shared";
import { ModelRequestView } from "../../runs/read-models/traces/model-request.shared";

export const runsApi = {
  /**
   * Runs, newest first, a page at a time (`limit`, `page`), filtered by `agentId`, `status` and
   * start time (`from`, `to`), searched by `q` (first user message or agent name).
   */
  list: endpoint({
    method: "GET",
    path: "/api/runs",
    query: RunListQuery,
    response: RunListPage,
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
  /**
   * One model request of the run (`seq`: its usage event, a model span's `seq`): what was sent and
   * what came back, reconstructed from the log; 404 when `seq` is not a model request of the run.
   */
  request: endpoint({
    method: "GET",
    path: "/api/runs/:id/requests/:seq",
    params: z.object({ id: z.string().min(1).max(200), seq: z.coerce.number().int().positive() }),
    response: ModelRequestView,
  }),
};
