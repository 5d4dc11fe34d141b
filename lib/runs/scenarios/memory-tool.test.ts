/**
 * The built-in `memory` tool through the loop: a scripted agent creates, views, edits, renames and
 * deletes its files with the six commands, and each agent's files are its own.
 */
import { describe, expect, it } from "vitest";
import type { ScriptedTurn } from "../../models/model-config.shared";
import { createHarness, eventsOfType, memoryTool, turn } from "../testing/run-harness";
import type { MemoryRunStore } from "../testing/memory-run-store";

const memory = (args: Record<string, unknown>): ScriptedTurn => ({ toolCalls: [{ toolName: "memory", args }] });

/** What each memory call answered, in order: `ok: text` or `ErrorType: message`. */
function answers(store: MemoryRunStore, conversationId: string): string[] {
  return store
    .eventsOf(conversationId)
    .flatMap((e) =>
      e.type === "LlmMessageEvent" && e.data.role === "tool"
        ? e.data.parts.flatMap((p) =>
            p.type === "tool-result" ? [String("value" in p.output ? p.output.value : p.output.type)] : [],
          )
        : [],
    );
}

describe("memory tool", () => {
  it("creates, views, str_replaces, inserts, renames and deletes files through the loop", async () => {
    const h = createHarness();
    const notes = "/memories/notes.md";
    h.agents.define(
      {
        name: "archivist",
        model: {
          provider: "scripted",
          model: "s",
          script: [
            memory({ command: "create", path: notes, file_text: "Lyon\nrivers\n" }),
            memory({ command: "view", path: notes }),
            memory({ command: "str_replace", path: notes, old_str: "rivers", new_str: "two rivers" }),
            memory({ command: "view", path: notes }),
            memory({ command: "insert", path: notes, insert_line: 1, insert_text: "France\n" }),
            memory({ command: "rename", old_path: notes, new_path: "/memories/places/lyon.md" }),
            memory({ command: "view", path: "/memories" }),
            memory({ command: "delete", path: "/memories/places" }),
            memory({ command: "view", path: "/memories/places/lyon.md" }),
            { text: "Remembered, reorganised and forgotten." },
          ],
        },
      },
      [memoryTool()],
    );
    const result = await turn(h.deps, "c", "archivist", "Keep notes about Lyon.");
    expect(result.final).toMatchObject({ status: "completed", text: "Remembered, reorganised and forgotten." });

    expect(answers(h.store, "c")).toEqual([
      "File created successfully at: /memories/notes.md",
      "Here's the content of /memories/notes.md with line numbers:\n     1\tLyon\n     2\trivers",
      "The memory file has been edited. Here is the snippet showing the change (with line numbers):\n     1\tLyon\n     2\ttwo rivers",
      // The same view again, after the edit: it runs again and shows the edit.
      "Here's the content of /memories/notes.md with line numbers:\n     1\tLyon\n     2\ttwo rivers",
      "The file /memories/notes.md has been edited.",
      "Successfully renamed /memories/notes.md to /memories/places/lyon.md",
      "Here're the files and directories up to 2 levels deep in /memories, excluding hidden items and node_modules:\n" +
        "23B\t/memories\n23B\t/memories/places/\n23B\t/memories/places/lyon.md",
      "Successfully deleted /memories/places",
      "ToolExecutionError: The path /memories/places/lyon.md does not exist. Please provide a valid path.",
    ]);
    const returns = eventsOfType(h.store, "c", "ToolReturnEvent").map((e) => [e.data.success, e.data.errorType]);
    expect(returns).toEqual([...Array(8).fill([true, undefined]), [false, "ToolExecutionError"]]);
    expect(eventsOfType(h.store, "c", "ToolReturnEvent").some((e) => e.data.replayed)).toBe(false);
    expect([...h.store.files.get("archivist")!]).toEqual([]);
  });

  it("replays a memory command repeated with nothing in between, and runs it again once another command ran", async () => {
    const h = createHarness();
    const insert = memory({ command: "insert", path: "/memories/log.md", insert_line: 0, insert_text: "entry\n" });
    h.agents.define(
      {
        name: "logger",
        model: {
          provider: "scripted",
          model: "s",
          script: [
            memory({ command: "create", path: "/memories/log.md", file_text: "" }),
            insert,
            insert,
            memory({ command: "view", path: "/memories/log.md" }),
            insert,
            { text: "logged" },
          ],
        },
      },
      [memoryTool()],
    );
    await turn(h.deps, "c", "logger", "log twice");
    expect(eventsOfType(h.store, "c", "ToolReturnEvent").map((e) => e.data.replayed ?? false)).toEqual([
      false,
      false,
      true,
      false,
      false,
    ]);
    expect(h.store.files.get("logger")!.get("/memories/log.md")).toBe("entry\nentry\n");
  });

  it("keeps each agent's files to itself", async () => {
    const h = createHarness();
    const agent = (name: string, file: string, text: string) =>
      h.agents.define(
        {
          name,
          model: {
            provider: "scripted",
            model: "s",
            script: [
              memory({ command: "create", path: file, file_text: text }),
              memory({ command: "view", path: "/memories" }),
              { text: "noted" },
            ],
          },
        },
        [memoryTool()],
      );
    agent("alice", "/memories/alice.md", "alice's secret\n");
    agent("bob", "/memories/bob.md", "bob's plan\n");
    await turn(h.deps, "ca", "alice", "remember");
    await turn(h.deps, "cb", "bob", "remember");

    expect(Object.fromEntries(h.store.files.get("alice")!)).toEqual({ "/memories/alice.md": "alice's secret\n" });
    expect(Object.fromEntries(h.store.files.get("bob")!)).toEqual({ "/memories/bob.md": "bob's plan\n" });
    const bobListing = answers(h.store, "cb")[1];
    expect(bobListing).toContain("bob.md");
    expect(bobListing).not.toContain("alice");
  });
});
