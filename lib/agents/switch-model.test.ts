import { describe, expect, it } from "vitest";
import { AgentInput } from "./agent-input.shared";
import { ModelSwitchError } from "./model-switch-error";
import { switchModel } from "./switch-model";

const ok = { build: () => undefined };

async function refusal(p: Promise<unknown>): Promise<ModelSwitchError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ModelSwitchError);
  return err as ModelSwitchError;
}

describe("switchModel", () => {
  const cfg = AgentInput.parse({
    name: "a",
    model: [
      {
        provider: "openai",
        model: "gpt-4o",
        temperature: 0.2,
        contextLength: 128_000,
        fallbackModels: [{ provider: "azure", model: "gpt-4o-mini" }],
      },
      { provider: "anthropic", model: "claude-sonnet-4-5", temperature: 0.9, maxTokens: 1000 },
      { provider: "demo", model: "demo" },
    ],
  });

  it("installs the roster entry wholesale and reports from/to", async () => {
    const r = await switchModel(cfg, "anthropic:claude-sonnet-4-5", ok);
    expect(r.config.model).toBe(cfg.roster[1]);
    expect(r.config.model).toMatchObject({
      temperature: 0.9,
      maxTokens: 1000,
      contextLength: null,
      fallbackModels: [],
    });
    expect(r.from).toBe("openai:gpt-4o");
    expect(r.to).toBe("anthropic:claude-sonnet-4-5");
    expect(r.config.roster).toBe(cfg.roster);
  });

  it("switching to the active key is not short-circuited: the entry is rebuilt and reinstalled", async () => {
    let built = 0;
    const r = await switchModel(cfg, "openai:gpt-4o", { build: () => void built++ });
    expect(built).toBe(1);
    expect(r.config.model).toBe(cfg.roster[0]);
  });

  it("1. no roster: its own message, not an empty list of keys", async () => {
    const single = AgentInput.parse({ name: "a", model: { provider: "openai", model: "gpt-4o" } });
    const err = await refusal(switchModel(single, "openai:gpt-4o", ok));
    expect(err.message).toBe("this agent declares no model roster, so switching is unavailable");
    expect(err.reason).toBe("no_roster");
  });

  it("2. unknown key: names the requested key and every available key", async () => {
    const err = await refusal(switchModel(cfg, "openai:o99", ok));
    expect(err.message).toBe(
      "cannot switch to 'openai:o99': available keys: openai:gpt-4o, anthropic:claude-sonnet-4-5, demo:demo",
    );
    expect(err.availableKeys).toEqual(["openai:gpt-4o", "anthropic:claude-sonnet-4-5", "demo:demo"]);
  });

  it("3. the entry cannot be built: the original text kept, the original as cause", async () => {
    const original = new Error(
      "Set the `ANTHROPIC_API_KEY` environment variable or save a anthropic key in Settings → Providers to use the Anthropic provider.",
    );
    const err = await refusal(
      switchModel(cfg, "anthropic:claude-sonnet-4-5", { build: () => Promise.reject(original) }),
    );
    expect(err.message).toBe(`cannot switch to 'anthropic:claude-sonnet-4-5': ${original.message}`);
    expect(err.cause).toBe(original);
    expect(err.reason).toBe("build_failed");
  });

  it("4. the entry would make auto-compaction unreachable: threshold and limit named", async () => {
    const limited = AgentInput.parse({
      name: "a",
      model: [
        { provider: "demo", model: "demo", contextLength: 8000 },
        { provider: "openai", model: "gpt-4o", contextLength: 128_000 },
      ],
      runLimits: { totalTokensLimit: 50_000 },
    });
    const err = await refusal(switchModel(limited, "openai:gpt-4o", ok));
    expect(err.reason).toBe("compaction_unreachable");
    expect(err.message).toContain("cannot switch to 'openai:gpt-4o': auto-compaction would be unreachable");
    expect(err.message).toContain("threshold of 108800 tokens");
    expect(err.message).toContain("run-tier totalTokensLimit of 50000");
  });

  it("a refusal changes nothing", async () => {
    const before = structuredClone(cfg);
    await refusal(switchModel(cfg, "nope:nope", ok));
    await refusal(
      switchModel(cfg, "demo:demo", {
        build: () => {
          throw new Error("boom");
        },
      }),
    );
    expect(cfg).toEqual(before);
  });

  it("is a ModelSwitchError by name (mapped to 409 by the route table)", async () => {
    const err = await refusal(switchModel(cfg, "x:y", ok));
    expect(err.name).toBe("ModelSwitchError");
  });
});
