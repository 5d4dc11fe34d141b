"use client";
/**
 * The agent's tools: saved tools (with their flags; tools with definition errors are not
 * attachable), the memory and workspace built-ins, other agents, MCP tools. A saved tool shows the version the
 * agent runs — pinned ("v1 · v2 available", with Upgrade) or following the latest — from the
 * server's pins (the tool's used-by answer), and can be switched between the two.
 */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch } from "@/components/api/api-client";
import { GuardedLink } from "@/components/shell/unsaved-changes";
import { useToolDetails } from "@/components/tools/tool-pin-queries";
import { useToolList } from "@/components/tools/tool-queries";
import { UpgradeResultNote } from "@/components/tools/upgrade-result";
import { agentsApi } from "@/lib/api/contracts/agents.shared";
import type { ToolUpgradeResult } from "@/lib/tool-store/tool-views.shared";
import { agentKeys, useAgents } from "./agent-queries";
import { fromConfig, type AgentFormState } from "./agent-form-state";
import { ToolVersionCell, type ToolRef } from "./tool-version-cell";
import { WorkspaceToolFlags, WorkspaceToolName } from "./workspace-tool-entry";

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
  // The agent as saved (the page loaded it already): its entries are what the pins describe.
  const saved = useQuery({
    queryKey: agentKeys.detail(selfId ?? "-"),
    queryFn: () => apiFetch(agentsApi.get, { params: { id: selfId! } }),
    enabled: selfId !== null,
  }).data?.agent;
  const details = useToolDetails(attached.flatMap((t) => ("toolId" in t ? [t.toolId] : [])));
  const [upgrades, setUpgrades] = useState<ToolUpgradeResult[]>([]);
  /**
   * After an upgrade saved a new version: a form without edits follows the saved agent (the
   * editor reloads it); one with edits keeps them and takes the new pin, so saving it keeps both.
   */
  const onUpgraded = async (toolId: string, result: ToolUpgradeResult, wasClean: boolean) => {
    setUpgrades((list) => [
      ...list.filter((r) => r.agentId !== result.agentId || r.toVersion !== result.toVersion),
      result,
    ]);
    if (wasClean || result.status !== "upgraded" || !selfId) return;
    const fresh = await apiFetch(agentsApi.get, { params: { id: selfId } });
    const pinned = fresh.agent.tools.find((e): e is ToolRef => "toolId" in e && e.toolId === toolId);
    if (!pinned?.toolVersionId) return;
    setTools(
      attached.map((e) =>
        "toolId" in e && e.toolId === toolId && !e.follow ? { ...e, toolVersionId: pinned.toolVersionId } : e,
      ),
    );
  };
  const isClean = () => saved !== undefined && JSON.stringify(fromConfig(saved)) === JSON.stringify(state);
  const hasMemory = attached.some((t) => "builtin" in t && t.builtin === "memory");
  const hasWorkspace = attached.some((t) => "builtin" in t && t.builtin === "workspace");
  return (
    <section className="card" aria-labelledby="tools-h">
      <h2 id="tools-h">Tools</h2>
      <FieldError at="tools" />
      {attached.length === 0 ? <p className="muted">No tools: the agent can only answer from its prompt.</p> : null}
      {attached.length ? (
        <div className="table-scroll">
          <table className="table compact" data-testid="agent-tools">
            <thead>
              <tr>
                <th>Tool</th>
                <th>Kind</th>
                <th>Version</th>
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
                      {"builtin" in t ? (
                        t.builtin === "workspace" ? (
                          <WorkspaceToolName
                            scope={t.scope}
                            readOnly={readOnly}
                            onScope={(scope) => setTools(attached.map((x, k) => (k === i ? { ...t, scope } : x)))}
                          />
                        ) : (
                          "memory"
                        )
                      ) : "toolId" in t ? (
                        <GuardedLink href={`/tools/${t.toolId}`}>{tool?.name ?? t.toolId}</GuardedLink>
                      ) : "mcpServerId" in t ? (
                        (t.as ?? t.tool)
                      ) : (
                        (child?.name ?? t.agentId)
                      )}
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
                          ? "tool"
                          : "mcpServerId" in t
                            ? `MCP · ${mcpServerById.get(t.mcpServerId)?.name ?? t.mcpServerId}${t.as ? ` (${t.tool})` : ""}`
                            : "agent"}
                    </td>
                    <td>
                      {"toolId" in t ? (
                        <ToolVersionCell
                          entry={t}
                          name={tool?.name ?? t.toolId}
                          detail={details.get(t.toolId)}
                          savedEntry={saved?.tools.find((e): e is ToolRef => "toolId" in e && e.toolId === t.toolId)}
                          agentId={saved ? selfId : null}
                          readOnly={readOnly}
                          onChange={(next) => setTools(attached.map((x, k) => (k === i ? next : x)))}
                          onUpgrade={(run) => {
                            const wasClean = isClean();
                            run((result) => void onUpgraded(t.toolId, result, wasClean));
                          }}
                        />
                      ) : (
                        <span className="muted">—</span>
                      )}
                    </td>
                    <td>
                      {"builtin" in t ? (
                        t.builtin === "workspace" ? (
                          <WorkspaceToolFlags />
                        ) : (
                          <span className="pill warn">side-effecting</span>
                        )
                      ) : null}
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
                              setTools(
                                attached.map((x, k) => (k === i ? { ...t, sideEffecting: e.target.checked } : x)),
                              )
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
        </div>
      ) : null}
      {upgrades.length ? (
        <div className="upgrade-results" data-testid="tool-upgrades">
          {upgrades.map((r) => (
            <UpgradeResultNote key={`${r.agentId}-${r.toVersion}`} result={r} canMove={!readOnly} />
          ))}
        </div>
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
          <button
            type="button"
            className="btn small"
            disabled={hasWorkspace}
            onClick={() => setTools([...attached, { builtin: "workspace" }])}
          >
            Add workspace files
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
