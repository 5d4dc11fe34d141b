"use client";
/**
 * Operator commands on the conversation page: the agent's tools as commands (GET …/commands), and
 * running one (POST …/commands, streamed like a message: each stored event joins the page's log as
 * it arrives), plus what a `/name args` line in the composer means.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, apiUrl } from "@/components/api/api-client";
import { commandsApi, type CommandInfo } from "@/lib/api/contracts/commands.shared";
import type { EventsPage, StoredEvent } from "@/lib/events/event-types.shared";
import { conversationKeys, mergeEvents } from "./conversation-queries";
import { errorFrom, isEventStream } from "./event-tail";
import { readEventStream } from "./sse";

export const commandKeys = { list: (id: string) => ["conversations", id, "commands"] as const };

export function useCommands(id: string, enabled = true) {
  return useQuery({
    queryKey: commandKeys.list(id),
    queryFn: () => apiFetch(commandsApi.list, { params: { id } }),
    enabled,
    staleTime: 30_000,
  });
}

export interface CommandRun {
  tool: string;
  arguments: Record<string, unknown>;
}

export function useRunCommand(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (command: CommandRun) => {
      const body = { tool: command.tool, arguments: command.arguments };
      const res = await fetch(apiUrl(commandsApi.run, { params: { id }, body }), {
        method: commandsApi.run.method,
        headers: { accept: "text/event-stream", "content-type": "application/json" },
        body: JSON.stringify(body),
        credentials: "same-origin",
        cache: "no-store",
      });
      if (!res.ok || !res.body || !isEventStream(res)) throw await errorFrom(res);
      await readEventStream(res.body, (m) => {
        let e: StoredEvent;
        try {
          e = JSON.parse(m.data) as StoredEvent;
        } catch {
          return;
        }
        if (typeof e?.seq !== "number" || typeof e.type !== "string") return;
        qc.setQueryData<EventsPage>(conversationKeys.events(id), (p) => mergeEvents(p, [e]));
      });
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: conversationKeys.detail(id), exact: true });
      void qc.invalidateQueries({ queryKey: conversationKeys.events(id), exact: true });
    },
  });
}

/** A composer line that is a command: `/name`, then a JSON object, `key=value` pairs, or one value. */
export type ParsedCommand =
  { ok: true; tool: string; arguments: Record<string, unknown> } | { ok: false; message: string };

const COMMAND_LINE = /^\/([A-Za-z0-9_-]{1,64})(?:\s+([\s\S]*))?$/;

/** Null when the text is no command (it does not start with `/name`). */
export function parseCommandLine(text: string, commands: readonly CommandInfo[]): ParsedCommand | null {
  const m = COMMAND_LINE.exec(text.trim());
  if (!m) return null;
  const [, name, rest = ""] = m;
  const command = commands.find((c) => c.name === name);
  if (!command)
    return {
      ok: false,
      message: `No tool '/${name}' in this agent.${commands.length ? ` Its tools: ${commands.map((c) => `/${c.name}`).join(", ")}.` : ""}`,
    };
  const args = rest.trim();
  if (!args) return { ok: true, tool: name, arguments: {} };
  if (args.startsWith("{")) {
    try {
      const value: unknown = JSON.parse(args);
      if (value && typeof value === "object" && !Array.isArray(value))
        return { ok: true, tool: name, arguments: value as Record<string, unknown> };
    } catch {
      // reported below
    }
    return { ok: false, message: `The arguments of /${name} are not a JSON object.` };
  }
  const names = Object.keys((command.parameters.properties ?? {}) as Record<string, unknown>);
  if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(args)) {
    const out: Record<string, unknown> = {};
    for (const pair of args.match(/[A-Za-z_][A-Za-z0-9_]*=(?:"(?:[^"\\]|\\.)*"|\S*)/g) ?? []) {
      const at = pair.indexOf("=");
      out[pair.slice(0, at)] = readValue(pair.slice(at + 1));
    }
    return { ok: true, tool: name, arguments: out };
  }
  // One parameter: the rest of the line is its value.
  if (names.length === 1) return { ok: true, tool: name, arguments: { [names[0]!]: readValue(args) } };
  return {
    ok: false,
    message: `Give /${name} its arguments as key=value pairs (${names.join(", ")}) or a JSON object, or use its Run button.`,
  };
}

/** A value as written: JSON when it reads as JSON (numbers, booleans, quoted strings), else the text. */
function readValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
