import type { EventHandler } from "../run-layout";

/** The model the run asked for. */
export const runStarted: EventHandler<"RunStarted"> = (e, run) => {
  run.requestedModel = e.data.model;
};
