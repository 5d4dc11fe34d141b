import { describe, expect, it } from "vitest";
import { AgentInput } from "../../agents/agent-input.shared";
import { modelRosterKey } from "../../models/providers.shared";
import { conversationModel, withConversationModel } from "./conversation-model";

const config = AgentInput.parse({
  name: "router",
  model: [
    { provider: "demo", model: "demo", contextLength: 100_000 },
    { provider: "demo", model: "careful", contextLength: 8_000 },
  ],
});
const key = (k: string | null) => modelRosterKey(conversationModel(config, k));

describe("a conversation's own model", () => {
  it("is the roster entry it switched to, else the agent's active model", () => {
    expect(key(null)).toBe("demo:demo");
    expect(key("demo:careful")).toBe("demo:careful");
    expect(withConversationModel(config, null)).toBe(config);
    expect(withConversationModel(config, "demo:careful").model.contextLength).toBe(8_000);
  });

  it("falls back to the agent's active model when the entry left the roster or the compaction bounds refuse it", () => {
    expect(key("demo:gone")).toBe("demo:demo");
    // The agent now limits a run to 5000 input tokens and its active model has a 4000-token
    // context; 0.85 × 8000 = 6800 ≥ 5000, so auto-compaction could never fire on `careful`.
    const tight = {
      ...config,
      model: { ...config.model, contextLength: 4_000 },
      runLimits: { ...config.runLimits, inputTokensLimit: 5_000 },
    };
    expect(modelRosterKey(conversationModel(tight, "demo:careful"))).toBe("demo:demo");
  });
});
