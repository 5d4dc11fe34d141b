import { describe, expect, it } from "vitest";
import { AgentConfigError } from "../agents/agent-config-error";
import { ModelSwitchError } from "../agents/model-switch-error";
import { DatabaseUrlError } from "../db/database-url";
import { AppError, ERROR_STATUS } from "../errors";
import { ToolDefinitionError, ToolRegistryError } from "../tools/errors";

describe("the error table", () => {
  it("gives every domain error its code and status", () => {
    const cases: Array<[AppError, string, number]> = [
      [new ModelSwitchError("unknown_key", "x:y", "m", ["a:b"]), "ModelSwitchError", 409],
      [new AgentConfigError("m", "a1"), "AgentConfigError", 422],
      [new ToolDefinitionError("m"), "ToolDefinitionError", 422],
      [new ToolRegistryError("m"), "ToolRegistryError", 409],
      [new DatabaseUrlError("m"), "DatabaseUrlError", 500],
    ];
    for (const [err, code, status] of cases) {
      expect(err).toBeInstanceOf(AppError);
      expect([err.code, ERROR_STATUS[err.code]]).toEqual([code, status]);
    }
  });

  it("carries a domain error's fields as the answer's details", () => {
    expect(new ModelSwitchError("unknown_key", "x:y", "m", ["a:b"]).details).toEqual({
      reason: "unknown_key",
      key: "x:y",
      availableKeys: ["a:b"],
    });
  });
});
