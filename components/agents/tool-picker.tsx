"use client";
/** The agent's tools: saved tools (with their flags; tools with definition errors are not attachable), the memory built-in, other agents. */
import { useState } from "react";
import { useToolList } from "@/components/tools/tool-queries";
import { useAgents } from "./agent-queries";
import type { AgentFormState } from "./agent-form-state";
import { FieldError } from "./fields";
import { useMcpServers } from "@/components/mcp/mcp-queries";
import type { McpServerView } from "@/lib/mcp/mcp-server-view";

export function ToolPicker({
  state,
  setState,
  selfId,
  readOnly,
}: {
  state: AgentFormState;
  setState: (s: AgentFormState) => void;
  selfId: string | null;
  readOnly: boolean;
}) {
  const tools = useToolList();
  const agents = useAgents();
  const [toolChoice, setToolChoice] = useState("");
  const [agentChoice, setAgentChoice] = useState("");
  const mcp = useMcpServers();
  const [mcpChoice, setMcpChoice] = useState("");
  const mcpServerById = new Map((mcp.data?.servers ?? []).map((s) => [s.id, s]));
  const toolById = new Map((tools.data?.tools ?? []).map((t) => [t.id, t]));
  const agentById = new Map((agents.data?.agents ?? []).map((a) => [a.id, a]));
  const attached = state.tools;
  const setTools = (next: AgentFormState["tools"]) => setState({ ...state, tools: next });
  const hasMemory = attached.some((t) => "builtin" in t);
  return (
    <section className="card" aria-labelledby="tools-h">
      <h2 id="tools-h">Tools</h2>
      <FieldError at="tools" />
      {attached.length === 0 ? <p className="muted">No tools: the agent can only answer from its prompt.</p> : null}
      {attached.length ? (
        <table className="table compact" data-testid="agent-tools">
          <thead>
            <tr>
              <th>Tool</th>
              <th>Kind</th>
              <th>Flags</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {attached.map((t, i) => {
              const tool = "toolId" in t ? toolById.get(t.toolId) : undefined;
              const child = "agentId" in t ? agentById.get(t.agentId) : undefined;
              return (
                <tr key={i}>
                  <td className="mono">
                    {"builtin" in t
                      ? "memory"
                      : "toolId" in t
                        ? (tool?.name ?? t.toolId)
                        : "mcpServerId" in t
                          ? (t.as ?? t.tool)
                          : (child?.name ?? t.agentId)}
                    <div>
                      <FieldError at={`tools.${i}`} />
                      <FieldError at={`tools.${i}.toolId`} />
                      <FieldError at={`tools.${i}.agentId`} />
                      <FieldError at={`tools.${i}.tool`} />
                      <FieldError at={`tools.${i}.as`} />
                      <FieldError at={`tools.${i}.mcpServerId`} />
                    </div>
                  </td>
                  <td>
                    {"builtin" in t
                      ? "built-in"
                      : "toolId" in t
                        ? `tool${tool?.latestVersion ? ` v${tool.latestVersion}` : ""}`
                        : "mcpServerId" in t
                          ? `MCP · ${mcpServerById.get(t.mcpServerId)?.name ?? t.mcpServerId}${t.as ? ` (${t.tool})` : ""}`
                          : "agent"}
                  </td>
                  <td>
                    {"builtin" in t ? <span className="pill warn">side-effecting</span> : null}
                    {tool ? <ToolFlags tool={tool} /> : null}
                    {"mcpServerId" in t ? (
                      <McpEntryFlags
                        entry={t}
                        server={mcpServerById.get(t.mcpServerId)}
                        readOnly={readOnly}
                        onRename={(as) =>
                          setTools(attached.map((x, k) => (k === i ? { ...t, ...{ as: as || undefined } } : x)))
                        }
                      />
                    ) : null}
                    {"agentId" in t ? (
                      <label className="check">
                        <input
                          type="checkbox"
                          checked={t.sideEffecting}
                          disabled={readOnly}
                          onChange={(e) =>
                            setTools(attached.map((x, k) => (k === i ? { ...t, sideEffecting: e.target.checked } : x)))
                          }
                        />
                        side-effecting
                      </label>
                    ) : null}
                  </td>
                  <td>
                    {readOnly ? null : (
                      <button
                        type="button"
                        className="btn small"
                        onClick={() => setTools(attached.filter((_, k) => k !== i))}
                      >
                        Remove
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {readOnly ? null : (
        <div className="inline-form wrap">
          <select aria-label="Tool to add" value={toolChoice} onChange={(e) => setToolChoice(e.target.value)}>
            <option value="">Add a tool…</option>
            {(tools.data?.tools ?? []).map((t) => (
              <option
                key={t.id}
                value={t.id}
                disabled={t.hasErrors !== false || attached.some((a) => "toolId" in a && a.toolId === t.id)}
              >
                {t.name}
                {t.hasErrors ? " — has definition errors" : t.hasErrors === null ? " — no version" : ""}
                {t.sideEffecting ? " · side-effecting" : ""}
                {t.requiresApproval ? " · needs approval" : ""}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn small"
            disabled={!toolChoice}
            onClick={() => {
              setTools([...attached, { toolId: toolChoice }]);
              setToolChoice("");
            }}
          >
            Add tool
          </button>
          <select aria-label="Agent to add" value={agentChoice} onChange={(e) => setAgentChoice(e.target.value)}>
            <option value="">Add an agent as a tool…</option>
            {(agents.data?.agents ?? [])
              .filter((a) => a.id !== selfId)
              .map((a) => (
                <option key={a.id} value={a.id} disabled={attached.some((x) => "agentId" in x && x.agentId === a.id)}>
                  {a.name}
                </option>
              ))}
          </select>
          <button
            type="button"
            className="btn small"
            disabled={!agentChoice}
            onClick={() => {
              setTools([...attached, { agentId: agentChoice, sideEffecting: false }]);
              setAgentChoice("");
            }}
          >
            Add agent
          </button>
          <select aria-label="MCP tool to add" value={mcpChoice} onChange={(e) => setMcpChoice(e.target.value)}>
            <option value="">Add an MCP tool…</option>
            {(mcp.data?.servers ?? []).flatMap((s) =>
              s.tools.map((mt) => (
                <option
                  key={`${s.id}/${mt.name}`}
                  value={JSON.stringify([s.id, mt.name])}
                  disabled={attached.some((x) => "mcpServerId" in x && x.mcpServerId === s.id && x.tool === mt.name)}
                >
                  {s.name} / {mt.name}
                  {mt.sideEffecting ? " · side-effecting" : ""}
                </option>
              )),
            )}
          </select>
          <button
            type="button"
            className="btn small"
            disabled={!mcpChoice}
            onClick={() => {
              const [mcpServerId, tool] = JSON.parse(mcpChoice) as [string, string];
              setTools([...attached, { mcpServerId, tool }]);
              setMcpChoice("");
            }}
          >
            Add MCP tool
          </button>
          <button
            type="button"
            className="btn small"
            disabled={hasMemory}
            onClick={() => setTools([...attached, { builtin: "memory" }])}
          >
            Add memory
          </button>
        </div>
      )}
    </section>
  );
}

function ToolFlags({
  tool,
}: {
  tool: {
    hasErrors: boolean | null;
    sideEffecting: boolean | null;
    idempotent: boolean | null;
    requiresApproval: boolean | null;
  };
}) {
  return (
    <>
      {tool.hasErrors ? <span className="pill danger">definition errors</span> : null}
      {tool.sideEffecting ? (
        <span className="pill warn">side-effecting</span>
      ) : tool.sideEffecting === false ? (
        <span className="pill">read-only</span>
      ) : null}
      {tool.idempotent ? <span className="pill">idempotent</span> : null}
      {tool.requiresApproval ? <span className="pill warn">needs approval</span> : null}
    </>
  );
}

function McpEntryFlags({
  entry,
  server,
  readOnly,
  onRename,
}: {
  entry: { mcpServerId: string; tool: string; as?: string };
  server: McpServerView | undefined;
  readOnly: boolean;
  onRename(as: string): void;
}) {
  const found = server?.tools.find((x) => x.name === entry.tool);
  return (
    <span className="tool-flags">
      {found ? (
        <>
          {found.sideEffecting ? (
            <span className="pill warn">side-effecting</span>
          ) : (
            <span className="pill">read-only</span>
          )}
          {found.idempotent ? <span className="pill">idempotent</span> : null}
          {found.destructive ? <span className="pill danger">destructive</span> : null}
        </>
      ) : (
        <span className="muted small">not in the last discovery</span>
      )}
      <input
        aria-label={`Name the model sees for ${entry.tool}`}
        placeholder="rename (as)"
        value={entry.as ?? ""}
        disabled={readOnly}
        size={12}
        onChange={(e) => onRename(e.target.value)}
      />
    </span>
  );
}
