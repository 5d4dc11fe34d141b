import { describe, expect, it } from "vitest";
import { markSaveIssues } from "./canvas-save-issues";

const sent = [
  {
    agentId: "a1",
    config: { name: "lead", tools: [{ builtin: "memory" as const }, { agentId: "a2", sideEffecting: false }] },
  },
  { agentId: "a2", config: { name: "billing", tools: [{ toolId: "t1", toolVersionId: "tv1" }], skills: ["pdf"] } },
];

describe("markSaveIssues", () => {
  it("marks the j-th tool edge of the i-th agent sent", () => {
    const m = markSaveIssues([{ path: "agents.0.config.tools.1", message: "cycle: lead → billing → lead" }], sent);
    expect(m.edges).toEqual({ "agent:a1->agent:a2": "cycle: lead → billing → lead" });
    expect(m.nodes).toEqual({});
    expect(m.messages).toEqual(["lead, tool 2: cycle: lead → billing → lead"]);
  });

  it("follows deeper paths of a tool entry to its edge, and skills to the skill edge", () => {
    const m = markSaveIssues(
      [
        { path: "agents.1.config.tools.0.toolVersionId", message: "has definition errors" },
        { path: "agents.1.config.skills.0", message: "no such skill" },
      ],
      sent,
    );
    expect(m.edges).toEqual({ "agent:a2->tool:t1": "has definition errors", "agent:a2->skill:pdf": "no such skill" });
  });

  it("marks the agent's node for its other fields, joining two messages", () => {
    const m = markSaveIssues(
      [
        { path: "agents.1.config.name", message: "name taken" },
        { path: "agents.1.config.runLimits.requestLimit", message: "too low" },
      ],
      sent,
    );
    expect(m.nodes).toEqual({ "agent:a2": "name taken; too low" });
    expect(m.messages).toEqual(["billing: name taken", "billing: too low"]);
  });

  it("keeps issues it cannot place (no path, an index beyond what was sent, a tool index out of range) as messages or on the node", () => {
    const m = markSaveIssues(
      [
        { path: "", message: "Nothing to save" },
        { path: "agents.7.config.tools.0", message: "ghost" },
        { path: "agents.0.config.tools.9", message: "out of range" },
      ],
      sent,
    );
    expect(m.messages).toEqual(["Nothing to save", "ghost", "lead: out of range"]);
    expect(m.nodes).toEqual({ "agent:a1": "out of range" });
    expect(m.edges).toEqual({});
  });
});
