/** The routes the approval integration tests drive, called as one bearer: send, decide, read the log. */
import { callRoute } from "@/lib/api/testing/call-route";
import * as messages from "../../conversations/[id]/messages/route";
import * as events from "../../conversations/[id]/events/route";
import * as decision from "../[id]/decision/route";

export type LoggedEvent = { seq: number; type: string; runId: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

export function approvalRoutes(bearer: string) {
  return {
    send: (id: string, body: unknown) =>
      callRoute(messages.POST, `/api/conversations/${id}/messages`, { params: { id }, body, bearer }),
    decide: (id: string, body: unknown) =>
      callRoute(decision.POST, `/api/approvals/${id}/decision`, { params: { id }, body, bearer }),
    log: async (id: string) =>
      (await callRoute(events.GET, `/api/conversations/${id}/events`, { params: { id }, bearer })).json
        .events as LoggedEvent[],
  };
}
