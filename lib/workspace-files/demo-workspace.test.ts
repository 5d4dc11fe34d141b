/** The offline demo model calls the workspace tools from a plain request, so the studio can show them without a provider. */
import { describe, expect, it } from "vitest";
import { decideDemo } from "../models/demo-model";
import { WORKSPACE_TOOLS } from "./workspace-tools";

const tools = WORKSPACE_TOOLS.map((t) => ({
  type: "function" as const,
  name: t.name,
  description: t.description,
  inputSchema: t.parameters as never,
}));
const decide = (text: string) =>
  decideDemo({ prompt: [{ role: "user", content: [{ type: "text", text }] }], tools } as never);

describe("the demo model with the workspace tools", () => {
  it("writes a file named in the message with the quoted content", () => {
    expect(decide('Write the file notes/plan.md with "Ship the workspace"')).toMatchObject({
      kind: "tool-calls",
      calls: [{ toolName: "write_file", args: { path: "notes/plan.md", content: "Ship the workspace" } }],
    });
    expect(decide('Write the file "notes/plan.md" with "Ship it"')).toMatchObject({
      calls: [{ toolName: "write_file", args: { path: "notes/plan.md", content: "Ship it" } }],
    });
  });

  it("reads, edits, lists and globs", () => {
    expect(decide("Read the file notes/plan.md")).toMatchObject({
      calls: [{ toolName: "read_file", args: { path: "notes/plan.md" } }],
    });
    expect(decide('Edit the file notes/plan.md: replace "Ship" with "Launch"')).toMatchObject({
      calls: [{ toolName: "edit_file", args: { path: "notes/plan.md", old_string: "Ship", new_string: "Launch" } }],
    });
    expect(decide("List the directory")).toMatchObject({ calls: [{ toolName: "list_dir", args: {} }] });
    expect(decide("Glob for **/*.md")).toMatchObject({ calls: [{ toolName: "glob", args: { pattern: "**/*.md" } }] });
  });
});
