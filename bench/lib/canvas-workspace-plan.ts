/**
 * A workspace worth drawing, for the canvas benchmark (docs/canvas-performance.md): teams of agents
 * (leads calling members as sub-agents, some leads calling the next lead), authored tools with
 * realistic flags (read-only and idempotent, side-effecting, approval-gated, one draft with a
 * definition error), tools declaring connections (one that the workspace lacks), skills attached to
 * agents, and the built-in tools. Pure: it only says what to create; seed-canvas-workspace.ts
 * creates it through the HTTP API.
 *
 * Names come from global indices, so two plans with disjoint `from` ranges can be seeded into the
 * same workspace (the 10-node graph first, then the rest of the 200).
 */

export interface PlanCounts {
  agents: number;
  tools: number;
  skills: number;
  /** Connections created in the workspace. */
  connections: number;
  /** Connections tools declare that the workspace does not have (the "missing connection" badge). */
  missingConnections: number;
  /** Tools saved with a definition error (drafts, attached to no agent). */
  brokenTools: number;
  builtins: readonly ("memory" | "workspace")[];
}

export interface PlannedTool {
  name: string;
  description: string;
  sideEffecting: boolean;
  idempotent: boolean;
  requiresApproval: boolean;
  /** Saved without `sideEffecting`: a definition error, so a draft nobody can attach. */
  broken: boolean;
  connections: string[];
}

export type PlannedToolUse =
  | { kind: "tool"; tool: number; follow: boolean }
  | { kind: "agent"; agent: number; sideEffecting: boolean }
  | { kind: "builtin"; builtin: "memory" | "workspace" };

export interface PlannedAgent {
  name: string;
  description: string;
  autonomy: "auto" | "gated" | "manual";
  toolCallsLimit: number | null;
  /** Indices into the plan's tools and agents (an agent only uses agents after it: no cycles). */
  uses: PlannedToolUse[];
  /** Skill names. */
  skills: string[];
}

export interface CanvasWorkspacePlan {
  connections: string[];
  skills: { name: string; description: string }[];
  tools: PlannedTool[];
  agents: PlannedAgent[];
  /** Nodes the canvas should draw for this plan: agents, tools, skills, connections (named), built-ins. */
  nodeCount: number;
  /** Edges: agent → tool / agent / skill / built-in, tool → connection. */
  edgeCount: number;
  /** The built-in tools some agent uses (one node each, shared with any other plan in the workspace). */
  builtinsUsed: ("memory" | "workspace")[];
}

const VERBS = [
  "get",
  "search",
  "list",
  "create",
  "update",
  "send",
  "refund",
  "cancel",
  "schedule",
  "summarize",
  "export",
  "translate",
];
const OBJECTS = [
  "order",
  "invoice",
  "customer",
  "ticket",
  "shipment",
  "product",
  "meeting",
  "report",
  "contract",
  "payment",
  "review",
  "lead",
];
const READ_ONLY = new Set(["get", "search", "list", "summarize", "export", "translate"]);
const GATED = new Set(["refund", "cancel"]);
const ROLES = ["support", "billing", "shipping", "sales", "research", "finance", "legal", "ops", "hr", "marketing"];
const DUTIES = ["lead", "triage", "writer", "analyst", "reviewer"];
const SYSTEMS = [
  "crm",
  "billing_api",
  "warehouse",
  "search_index",
  "mailer",
  "calendar",
  "chat",
  "tracker",
  "payments",
  "analytics",
  "docs",
  "erp",
];
const TOPICS = [
  "refund-policy",
  "tone-of-voice",
  "escalation",
  "invoice-format",
  "shipping-zones",
  "gdpr",
  "pricing",
  "onboarding",
  "incident-runbook",
];

/** Name of the i-th tool of the whole generator (unique up to 144, then suffixed). */
export function toolName(i: number): string {
  const base = `${VERBS[i % VERBS.length]}_${OBJECTS[Math.floor(i / VERBS.length) % OBJECTS.length]}`;
  const round = Math.floor(i / (VERBS.length * OBJECTS.length));
  return round ? `${base}_${round + 1}` : base;
}
export function agentName(i: number): string {
  const base = `${ROLES[i % ROLES.length]}_${DUTIES[Math.floor(i / ROLES.length) % DUTIES.length]}`;
  const round = Math.floor(i / (ROLES.length * DUTIES.length));
  return round ? `${base}_${round + 1}` : base;
}
export function connectionName(i: number): string {
  const round = Math.floor(i / SYSTEMS.length);
  return round ? `${SYSTEMS[i % SYSTEMS.length]}_${round + 1}` : SYSTEMS[i % SYSTEMS.length];
}
export function skillName(i: number): string {
  const round = Math.floor(i / TOPICS.length);
  return round ? `${TOPICS[i % TOPICS.length]}-${round + 1}` : TOPICS[i % TOPICS.length];
}

export interface PlanStart {
  agents: number;
  tools: number;
  skills: number;
  connections: number;
}

const NONE: PlanStart = { agents: 0, tools: 0, skills: 0, connections: 0 };

export function planCanvasWorkspace(counts: PlanCounts, from: PlanStart = NONE): CanvasWorkspacePlan {
  const { agents: A, tools: T, skills: S, connections: C } = counts;
  if (A < 1 || T < counts.brokenTools + 1) throw new Error("a plan needs an agent and an attachable tool");
  const connections = Array.from({ length: C }, (_, k) => connectionName(from.connections + k));
  const missing = Array.from(
    { length: counts.missingConnections },
    (_, k) => `legacy_${connectionName(from.connections + C + k)}`,
  );
  const skills = Array.from({ length: S }, (_, k) => ({
    name: skillName(from.skills + k),
    description: `How the team handles ${skillName(from.skills + k).replace(/-/g, " ")}.`,
  }));

  const attachable = T - counts.brokenTools;
  const tools: PlannedTool[] = Array.from({ length: T }, (_, t) => {
    const name = toolName(from.tools + t);
    const verb = name.split("_")[0];
    const needs: string[] = [];
    if (C > 0 && t % 3 === 0) needs.push(connections[(t / 3) % C]);
    if (missing.length && t % 40 === 7) needs.push(missing[((t - 7) / 40) % missing.length]);
    return {
      name,
      description: `${verb[0].toUpperCase()}${verb.slice(1)} ${/^[aeiou]/.test(name.split("_")[1]) ? "an" : "a"} ${name.split("_")[1]} in the team's systems.`,
      sideEffecting: !READ_ONLY.has(verb),
      idempotent: READ_ONLY.has(verb),
      requiresApproval: GATED.has(verb),
      broken: t >= attachable,
      connections: needs,
    };
  });

  // Teams: the first fifth of the agents lead, every other agent is a member of lead (m % leads).
  const leads = Math.max(1, Math.ceil(A / 5));
  const agents: PlannedAgent[] = Array.from({ length: A }, (_, a) => {
    const uses: PlannedToolUse[] = [];
    const seenTools = new Set<number>();
    const addTool = (t: number) => {
      if (t >= attachable || seenTools.has(t)) return;
      seenTools.add(t);
      uses.push({ kind: "tool", tool: t, follow: t % 5 === 0 });
    };
    for (let t = a; t < attachable; t += A) addTool(t); // its own tools
    addTool((a * 7) % attachable); // one shared with other agents
    if (a < leads) {
      for (let m = leads; m < A; m++)
        if (m % leads === a) uses.push({ kind: "agent", agent: m, sideEffecting: m % 2 === 0 });
      if (a + 1 < leads && a % 2 === 0) uses.push({ kind: "agent", agent: a + 1, sideEffecting: false });
    }
    if (a === 0) for (const b of counts.builtins) uses.push({ kind: "builtin", builtin: b });
    else if (counts.builtins.length && a % 6 === 0)
      uses.push({ kind: "builtin", builtin: counts.builtins[(a / 6) % counts.builtins.length] });
    const skillSet = S ? [...new Set([skills[a % S].name, ...(a % 4 === 0 ? [skills[(a + 1) % S].name] : [])])] : [];
    const name = agentName(from.agents + a);
    return {
      name,
      description: `The ${name.replace(/_/g, " ")} of the team.`,
      autonomy: (["auto", "gated", "manual"] as const)[a % 3],
      toolCallsLimit: a % 4 === 1 ? 20 : null,
      uses,
      skills: skillSet,
    };
  });

  const namedConnections = new Set(tools.flatMap((t) => t.connections));
  const builtinsUsed = new Set(agents.flatMap((a) => a.uses.flatMap((u) => (u.kind === "builtin" ? [u.builtin] : []))));
  const skillsUsed = agents.reduce((n, a) => n + a.skills.length, 0);
  return {
    connections,
    skills,
    tools,
    agents,
    nodeCount: A + T + S + new Set([...connections, ...namedConnections]).size + builtinsUsed.size,
    builtinsUsed: [...builtinsUsed],
    edgeCount:
      agents.reduce((n, a) => n + a.uses.length, 0) + skillsUsed + tools.reduce((n, t) => n + t.connections.length, 0),
  };
}

/** The plan's own rules, checked before anything is created: a wrong plan fails the benchmark, not the seeding. */
export function checkPlan(plan: CanvasWorkspacePlan): string[] {
  const problems: string[] = [];
  const unique = (what: string, names: string[]) => {
    if (new Set(names).size !== names.length) problems.push(`${what} names repeat`);
  };
  unique(
    "agent",
    plan.agents.map((a) => a.name),
  );
  unique(
    "tool",
    plan.tools.map((t) => t.name),
  );
  unique(
    "skill",
    plan.skills.map((s) => s.name),
  );
  unique("connection", plan.connections);
  plan.agents.forEach((a, i) => {
    for (const u of a.uses) {
      if (u.kind === "agent" && u.agent <= i) problems.push(`${a.name} uses an earlier agent (a cycle is possible)`);
      if (u.kind === "tool" && plan.tools[u.tool]?.broken !== false)
        problems.push(`${a.name} uses a tool that cannot be attached`);
    }
    if (a.uses.length > 128) problems.push(`${a.name} has more than 128 tools`);
  });
  const used = new Set(plan.agents.flatMap((a) => a.uses.flatMap((u) => (u.kind === "tool" ? [u.tool] : []))));
  plan.tools.forEach((t, i) => {
    if (!t.broken && !used.has(i)) problems.push(`${t.name} is attached to no agent`);
  });
  const skillsUsed = new Set(plan.agents.flatMap((a) => a.skills));
  for (const s of plan.skills) if (!skillsUsed.has(s.name)) problems.push(`skill ${s.name} is attached to no agent`);
  return problems;
}
