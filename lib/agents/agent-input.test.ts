import { describe, expect, it } from "vitest";
import { AgentInput, defaultAgentConfig } from "./agent-input.shared";

function issues(input: unknown) {
  const r = AgentInput.safeParse(input);
  if (r.success) return [];
  return r.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

const openai = { provider: "openai", model: "gpt-4o" };
const anthropic = { provider: "anthropic", model: "claude-sonnet-4-5" };

describe("defaults (the seed's)", () => {
  it("fills every section with the seed's defaults", () => {
    const cfg = AgentInput.parse({ name: "a" });
    expect(cfg.model).toEqual({
      provider: "openai",
      model: "gpt-5.2",
      temperature: null,
      seed: null,
      maxTokens: null,
      contextLength: null,
      reasoningEffort: null,
      baseUrl: null,
      fallbackModels: [],
    });
    expect(cfg.roster).toEqual([]);
    expect(cfg.runLimits).toEqual({
      requestLimit: 50,
      toolCallsLimit: null,
      inputTokensLimit: null,
      outputTokensLimit: null,
      totalTokensLimit: null,
    });
    expect(cfg.agentLimits).toEqual({
      agentRequestLimit: null,
      inputTokensLimit: null,
      outputTokensLimit: null,
      totalTokensLimit: null,
    });
    expect(cfg.autonomy).toBe("auto");
    expect(cfg.compaction).toEqual({
      strategy: "summarize",
      autoTrigger: true,
      triggerRatio: 0.85,
      keepRecentMessages: 4,
      summaryTargetTokens: 2000,
      summarizerPromptVersion: "v1",
      summaryModel: null,
    });
    expect(cfg.limitRecovery).toEqual({ policy: "conclude", reason: null });
    expect(cfg.runtime).toEqual({
      retries: 3,
      endStrategy: "exhaustive",
      http: { timeout: 120, maxRetries: 5, backoffMultiplier: 0.5, backoffMax: 60 },
    });
    expect(cfg.prompt).toEqual({ template: "", params: {}, currentDateTime: false, jsonOutputReminder: false });
    expect(cfg.tools).toEqual([]);
  });

  it("a null request limit removes the safety brake", () => {
    expect(AgentInput.parse({ name: "a", runLimits: { requestLimit: null } }).runLimits.requestLimit).toBeNull();
  });

  it("the default new agent is on the offline demo model", () => {
    expect(defaultAgentConfig().model.provider).toBe("demo");
  });
});

describe("roster", () => {
  it("a list folds into element 0 active plus the whole list as the roster, order kept", () => {
    const cfg = AgentInput.parse({ name: "a", model: [openai, anthropic, { provider: "demo", model: "demo" }] });
    expect(cfg.model.model).toBe("gpt-4o");
    expect(cfg.roster.map((m) => `${m.provider}:${m.model}`)).toEqual([
      "openai:gpt-4o",
      "anthropic:claude-sonnet-4-5",
      "demo:demo",
    ]);
  });

  it("a single config leaves the roster empty", () => {
    expect(AgentInput.parse({ name: "a", model: openai }).roster).toEqual([]);
  });

  it("rejects an empty list", () => {
    expect(issues({ name: "a", model: [] })).toEqual([
      { path: "model", message: "an agent needs at least one model: the model list is empty" },
    ]);
  });

  it("rejects a list together with an explicit roster", () => {
    expect(issues({ name: "a", model: [openai], roster: [openai] })).toEqual([
      {
        path: "roster",
        message: "pass either a model list or an explicit roster, not both: the roster is derived from the list",
      },
    ]);
  });

  it("rejects duplicate keys, naming the key, at the repeated entry", () => {
    expect(issues({ name: "a", model: [openai, anthropic, { ...openai, temperature: 1 }] })).toEqual([
      {
        path: "model.2.model",
        message: "duplicate roster key 'openai:gpt-4o': two entries with one key would make a switch request ambiguous",
      },
    ]);
    expect(issues({ name: "a", model: anthropic, roster: [anthropic, anthropic] })[0].path).toBe("roster.1.model");
  });

  it("rejects an active model outside a hand-set roster, naming the available keys", () => {
    expect(issues({ name: "a", model: openai, roster: [anthropic, { provider: "demo", model: "demo" }] })).toEqual([
      {
        path: "model",
        message:
          "the active model 'openai:gpt-4o' is not in the roster; available keys: anthropic:claude-sonnet-4-5, demo:demo",
      },
    ]);
  });

  it("accepts an explicit roster with the active entry as a member, keeping the declared order", () => {
    const cfg = AgentInput.parse({ name: "a", model: anthropic, roster: [openai, anthropic] });
    expect(cfg.model.model).toBe("claude-sonnet-4-5");
    expect(cfg.roster.map((m) => m.model)).toEqual(["gpt-4o", "claude-sonnet-4-5"]);
  });

  it("a GET answer can be PUT back unchanged", () => {
    const cfg = AgentInput.parse({ name: "a", model: [openai, anthropic] });
    const again = AgentInput.parse({ ...cfg, id: "x", createdAt: "now", modelSwitches: [] });
    expect(again).toEqual(cfg);
  });
});

describe("model settings", () => {
  it("temperature is 0–2", () => {
    expect(issues({ name: "a", model: { ...openai, temperature: 2.5 } })).toEqual([
      { path: "model.temperature", message: "temperature must be between 0 and 2" },
    ]);
    expect(issues({ name: "a", model: [openai, { ...anthropic, temperature: -1 }] })).toEqual([
      { path: "model.1.temperature", message: "temperature must be between 0 and 2" },
    ]);
    expect(AgentInput.parse({ name: "a", model: { ...openai, temperature: 0 } }).model.temperature).toBe(0);
  });

  it("seed, maxTokens and contextLength are whole numbers; reasoningEffort is low|medium|high", () => {
    expect(issues({ name: "a", model: { ...openai, seed: 1.5 } })[0]).toEqual({
      path: "model.seed",
      message: "seed must be a whole number",
    });
    expect(issues({ name: "a", model: { ...openai, maxTokens: 0 } })[0]).toEqual({
      path: "model.maxTokens",
      message: "maxTokens must be at least 1",
    });
    expect(issues({ name: "a", model: { ...openai, contextLength: -5 } })[0].path).toBe("model.contextLength");
    expect(issues({ name: "a", model: { ...openai, reasoningEffort: "extreme" } })[0].path).toBe(
      "model.reasoningEffort",
    );
  });

  it("rejects an unknown provider", () => {
    expect(issues({ name: "a", model: { provider: "acme", model: "x" } })[0].path).toBe("model.provider");
  });

  it("baseUrl belongs to openai-compatible only; script to scripted only", () => {
    expect(issues({ name: "a", model: { ...openai, baseUrl: "http://127.0.0.1:1/v1" } })).toEqual([
      { path: "model.baseUrl", message: "baseUrl is only used by the openai-compatible provider, not by 'openai'" },
    ]);
    expect(
      issues({
        name: "a",
        model: { provider: "openai-compatible", model: "llama3", baseUrl: "http://127.0.0.1:11434/v1" },
      }),
    ).toEqual([]);
    expect(issues({ name: "a", model: { provider: "scripted", model: "flow" } })).toEqual([
      { path: "model.script", message: "A scripted model needs at least one turn in script" },
    ]);
    expect(
      issues({
        name: "a",
        model: {
          provider: "scripted",
          model: "flow",
          script: [{ text: "hi" }, { toolCalls: [{ toolName: "forecast", args: { city: "Paris" } }] }],
        },
      }),
    ).toEqual([]);
  });
});

describe("fallback chain", () => {
  it("accepts a flat, homogeneous chain", () => {
    const cfg = AgentInput.parse({
      name: "a",
      model: { ...openai, fallbackModels: [{ provider: "azure", model: "gpt-4o-mini" }, anthropic] },
    });
    expect(cfg.model.fallbackModels.map((m) => m.provider)).toEqual(["azure", "anthropic"]);
    expect(cfg.model.fallbackModels[0]).not.toHaveProperty("fallbackModels");
  });

  it("is flat: an entry may not declare its own fallbackModels", () => {
    expect(
      issues({ name: "a", model: { ...openai, fallbackModels: [{ ...anthropic, fallbackModels: [openai] }] } }),
    ).toEqual([
      {
        path: "model.fallbackModels.0.fallbackModels",
        message:
          "fallback model 'anthropic:claude-sonnet-4-5' declares its own fallbackModels: a fallback chain is flat",
      },
    ]);
  });

  it("every entry agrees with the primary on native structured output", () => {
    expect(
      issues({ name: "a", model: { ...openai, fallbackModels: [{ provider: "google", model: "gemini-2.0-flash" }] } }),
    ).toEqual([
      {
        path: "model.fallbackModels.0",
        message:
          "fallback model 'google:gemini-2.0-flash' has no native structured output but the primary 'openai:gpt-4o' does: every fallback entry must agree with the primary",
      },
    ]);
    expect(
      issues({ name: "a", model: { provider: "mistral", model: "mistral-large", fallbackModels: [openai] } })[0]
        .message,
    ).toBe(
      "fallback model 'openai:gpt-4o' has native structured output but the primary 'mistral:mistral-large' does not: every fallback entry must agree with the primary",
    );
    // NVIDIA: openai/* models are native, others are not.
    expect(
      issues({
        name: "a",
        model: { ...openai, fallbackModels: [{ provider: "nvidia", model: "openai/gpt-oss-120b" }] },
      }),
    ).toEqual([]);
    expect(
      issues({
        name: "a",
        model: { ...openai, fallbackModels: [{ provider: "nvidia", model: "meta/llama-3.1-8b-instruct" }] },
      }),
    ).toHaveLength(1);
  });

  it("roster entries need not agree with each other (heterogeneous roster)", () => {
    expect(issues({ name: "a", model: [openai, { provider: "google", model: "gemini-2.0-flash" }] })).toEqual([]);
  });
});

describe("limits", () => {
  it("limits are positive whole numbers or null", () => {
    expect(issues({ name: "a", runLimits: { requestLimit: 0 } })).toEqual([
      { path: "runLimits.requestLimit", message: "requestLimit must be greater than 0, or null for no limit" },
    ]);
    expect(issues({ name: "a", runLimits: { toolCallsLimit: 2.5 } })[0].path).toBe("runLimits.toolCallsLimit");
    expect(issues({ name: "a", agentLimits: { agentRequestLimit: -1 } })[0].path).toBe("agentLimits.agentRequestLimit");
    expect(issues({ name: "a", runLimits: { requestLimits: 5 } })[0].path).toBe("runLimits");
  });

  it("the two tiers keep their own fields", () => {
    const cfg = AgentInput.parse({
      name: "a",
      runLimits: { requestLimit: 10, totalTokensLimit: 50_000 },
      agentLimits: { agentRequestLimit: 100 },
    });
    expect(cfg.runLimits).toMatchObject({ requestLimit: 10, totalTokensLimit: 50_000 });
    expect(cfg.agentLimits).toMatchObject({ agentRequestLimit: 100, totalTokensLimit: null });
  });
});

describe("compaction bounds on save", () => {
  const model = { ...openai, contextLength: 128_000 };
  it("refuses a threshold that reaches a run-tier input or total token limit, naming both numbers", () => {
    expect(issues({ name: "a", model, runLimits: { inputTokensLimit: 100_000 } })).toEqual([
      {
        path: "runLimits.inputTokensLimit",
        message:
          "auto-compaction would be unreachable with 'openai:gpt-4o': its threshold of 108800 tokens (triggerRatio 0.85 × contextLength 128000) reaches the run-tier inputTokensLimit of 100000; lower triggerRatio or contextLength, raise the limit, or turn autoTrigger off",
      },
    ]);
    expect(issues({ name: "a", model, runLimits: { totalTokensLimit: 108_800 } })[0].path).toBe(
      "runLimits.totalTokensLimit",
    );
  });

  it("accepts a threshold just below the limit, and any limit when auto-compaction cannot fire", () => {
    expect(issues({ name: "a", model, runLimits: { inputTokensLimit: 108_801 } })).toEqual([]);
    expect(issues({ name: "a", model: openai, runLimits: { inputTokensLimit: 10 } })).toEqual([]);
    expect(
      issues({ name: "a", model, runLimits: { inputTokensLimit: 10 }, compaction: { autoTrigger: false } }),
    ).toEqual([]);
    expect(issues({ name: "a", model, runLimits: { inputTokensLimit: 10 }, compaction: { strategy: "none" } })).toEqual(
      [],
    );
  });

  it("the agent tier is deliberately not checked; only output tokens never count", () => {
    expect(issues({ name: "a", model, agentLimits: { totalTokensLimit: 10 } })).toEqual([]);
    expect(issues({ name: "a", model, runLimits: { outputTokensLimit: 10 } })).toEqual([]);
  });

  it("is checked against the active model only (a switch re-checks the candidate)", () => {
    expect(issues({ name: "a", model: [anthropic, model], runLimits: { inputTokensLimit: 100_000 } })).toEqual([]);
  });

  it("validates the compaction fields", () => {
    expect(issues({ name: "a", compaction: { triggerRatio: 0 } })[0]).toEqual({
      path: "compaction.triggerRatio",
      message: "triggerRatio must be greater than 0",
    });
    expect(issues({ name: "a", compaction: { triggerRatio: 1.2 } })[0].path).toBe("compaction.triggerRatio");
    expect(issues({ name: "a", compaction: { strategy: "magic" } })[0].path).toBe("compaction.strategy");
    expect(
      AgentInput.parse({ name: "a", compaction: { summaryModel: { provider: "demo", model: "demo" } } }).compaction
        .summaryModel?.provider,
    ).toBe("demo");
  });
});

describe("prompt, autonomy, recovery, runtime, tools", () => {
  it("every template placeholder needs a value", () => {
    expect(
      issues({
        name: "a",
        prompt: { template: "You handle refunds for {company} in {region}.", params: { company: "ACME" } },
      }),
    ).toEqual([{ path: "prompt.params", message: "the template uses {region} but params has no value for it" }]);
    expect(issues({ name: "a", prompt: { template: "Literal {{braces}} are fine", params: {} } })).toEqual([]);
  });

  it("autonomy is auto|gated|manual; limit recovery conclude|raise; endStrategy early|exhaustive", () => {
    expect(AgentInput.parse({ name: "a", autonomy: "gated" }).autonomy).toBe("gated");
    expect(issues({ name: "a", autonomy: "yolo" })[0].path).toBe("autonomy");
    expect(AgentInput.parse({ name: "a", limitRecovery: { policy: "raise" } }).limitRecovery).toEqual({
      policy: "raise",
      reason: null,
    });
    expect(AgentInput.parse({ name: "a", limitRecovery: { reason: "  " } }).limitRecovery.reason).toBeNull();
    expect(issues({ name: "a", runtime: { endStrategy: "late" } })[0].path).toBe("runtime.endStrategy");
    expect(issues({ name: "a", runtime: { retries: -1 } })[0].path).toBe("runtime.retries");
  });

  it("tools are a tool id, the memory built-in, or an agent", () => {
    const cfg = AgentInput.parse({ name: "a", tools: [{ toolId: "t1" }, { builtin: "memory" }, { agentId: "ag1" }] });
    expect(cfg.tools).toEqual([{ toolId: "t1" }, { builtin: "memory" }, { agentId: "ag1", sideEffecting: false }]);
    expect(issues({ name: "a", tools: [{ builtin: "shell" }] })[0].path).toBe("tools.0");
  });

  it("an agent's name is a tool name", () => {
    expect(issues({ name: "my agent" })[0].path).toBe("name");
    expect(issues({ name: "" })[0]).toEqual({ path: "name", message: "Name the agent" });
  });
});
