/**
 * The guided demo path the Home page offers: ask atlas a question, ask billing for a refund and
 * approve it. Offered while the demo is on (`ATELIER_DEMO` is not `0`) and both demo agents are
 * still in the demo workspace; a studio whose demo agents were deleted (or renamed) offers none.
 */
import type { Db } from "../db/client";
import { DEMO_WORKSPACE_SLUG } from "../db/workspace";

export const DEMO_QUESTIONS = {
  atlas: "What is the population of Paris?",
  billing: "Please refund order A-1001, amount 25 dollars",
} as const;

export interface DemoPathStep {
  agentId: string;
  agentName: "atlas" | "billing";
  message: string;
}

export interface DemoPath {
  atlas: DemoPathStep;
  billing: DemoPathStep;
}

export async function findDemoPath(
  db: Db,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<DemoPath | null> {
  if (env.ATELIER_DEMO === "0") return null;
  const agents = await db.agent.findMany({
    where: { name: { in: ["atlas", "billing"] }, workspace: { slug: DEMO_WORKSPACE_SLUG } },
    select: { id: true, name: true },
  });
  const atlas = agents.find((a) => a.name === "atlas");
  const billing = agents.find((a) => a.name === "billing");
  if (!atlas || !billing) return null;
  return {
    atlas: { agentId: atlas.id, agentName: "atlas", message: DEMO_QUESTIONS.atlas },
    billing: { agentId: billing.id, agentName: "billing", message: DEMO_QUESTIONS.billing },
  };
}
