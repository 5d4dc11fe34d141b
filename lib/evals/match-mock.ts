/**
 * Which mock answers a tool call (docs/evals.md, "A case"): the case's own mocks first, then the
 * dataset's; within each list, a mock with `args` (each listed key deep-equal) before one without,
 * and among equals the first written. Undefined when no mock answers (the call runs, or an
 * experiment refuses it). Pure, for experiments.
 */
import type { Mock } from "./dataset.shared";
import { argsMatch } from "./verdicts/deep-equal";

function pick(mocks: readonly Mock[], tool: string, args: unknown): Mock | undefined {
  const forTool = mocks.filter((m) => m.tool === tool);
  return (
    forTool.find((m) => m.args !== undefined && argsMatch(m.args, args)) ?? forTool.find((m) => m.args === undefined)
  );
}

export function matchMock(
  caseMocks: readonly Mock[] | undefined,
  datasetMocks: readonly Mock[],
  tool: string,
  args: unknown,
): Mock | undefined {
  return pick(caseMocks ?? [], tool, args) ?? pick(datasetMocks, tool, args);
}
