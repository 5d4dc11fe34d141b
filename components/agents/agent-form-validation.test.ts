/**
 * The editor validates its draft with the schema the route parses the body with (AgentInput): a bad
 * draft is refused before it is sent with the paths and messages the route would answer, and they
 * land on the same fields.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as agents from "@/app/api/agents/route";
import * as agent from "@/app/api/agents/[id]/route";
import { authenticateAs } from "@/lib/api/testing/authenticate-as";
import { defaultAgentConfig } from "@/lib/agents/agent-input.shared";
import { blankEntry, checkDraft, fromConfig, toRequestBody, type AgentFormState } from "./agent-form-state";
import { fieldIssues, issuesOf, type ApiIssue } from "./form-issues";

const AUTHOR = { kind: "system" as const, id: "form-test", name: "form test", roles: ["author" as const] };
beforeAll(() => authenticateAs(AUTHOR));
afterAll(() => vi.restoreAllMocks());

/** The route's answer to the draft's body, as the editor reads an API error (`issuesOf`). */
async function routeIssues(body: unknown, id?: string): Promise<{ status: number; issues: ApiIssue[] }> {
  const init = {
    method: id ? "PUT" : "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  };
  const res = id
    ? await agent.PUT(new Request(`http://localhost/api/agents/${id}`, init), { params: Promise.resolve({ id }) })
    : await agents.POST(new Request("http://localhost/api/agents", init), { params: Promise.resolve({}) });
  const json = await res.json();
  return {
    status: res.status,
    issues: issuesOf({ body: json }).map(({ path, message }) => ({ path, message })),
  };
}

function draft(edit: (s: AgentFormState) => void): AgentFormState {
  const s = fromConfig(defaultAgentConfig("support_desk"));
  edit(s);
  return s;
}

/** The body the draft would send, as JSON (the route is called with it, bypassing the editor's check). */
const bodyOf = (s: AgentFormState): unknown => JSON.parse(JSON.stringify(toRequestBody(s)));

const cases: Array<[string, (s: AgentFormState) => void]> = [
  [
    "a name that is not a tool name",
    (s) => {
      s.name = "support desk";
    },
  ],
  [
    "a field of one roster entry out of range",
    (s) => {
      s.entries = [blankEntry(), { ...blankEntry("demo", "careful"), temperature: 3 }];
    },
  ],
  [
    "two roster entries with one key (a rule across fields)",
    (s) => {
      s.entries = [blankEntry(), blankEntry()];
    },
  ],
  [
    "limits, a fallback that disagrees on native output, and a prompt parameter without a value",
    (s) => {
      s.runLimits.requestLimit = 0;
      s.entries[0]!.fallbackModels = [{ ...blankEntry("openai", "gpt-4o-mini") }];
      s.prompt.template = "You work for {company}.";
    },
  ],
  [
    "an empty suggested prompt and one too long",
    (s) => {
      s.suggestedPrompts = ["What can you do?", "  ", "x".repeat(201)];
    },
  ],
  [
    "auto-compaction that a run-tier limit makes unreachable",
    (s) => {
      s.entries[0]!.contextLength = 1000;
      s.runLimits.totalTokensLimit = 500;
    },
  ],
];

describe("the agent form validates with the route's schema", () => {
  it.each(cases)("%s: refused before sending, with the route's paths and messages", async (_, edit) => {
    const s = draft(edit);
    const local = checkDraft(s);
    expect(local.ok).toBe(false);
    const formIssues = local.ok ? [] : local.issues;
    expect(formIssues.length).toBeGreaterThan(0);
    for (const id of [undefined, "some-agent"]) {
      const route = await routeIssues(bodyOf(s), id);
      expect(route.status).toBe(400);
      expect(formIssues).toEqual(route.issues);
    }
    // Both land on the same fields of the editor.
    expect(fieldIssues(formIssues, s.active)).toEqual(fieldIssues((await routeIssues(bodyOf(s))).issues, s.active));
  });

  it("maps a roster entry's issue onto that entry's field", () => {
    const s = draft(cases[1]![1]);
    const local = checkDraft(s);
    expect(local.ok).toBe(false);
    if (local.ok) return;
    expect(local.issues).toEqual([{ path: "roster.1.temperature", message: "temperature must be between 0 and 2" }]);
    expect(fieldIssues(local.issues, s.active).get("entry.1.temperature")).toEqual([
      "temperature must be between 0 and 2",
    ]);
  });

  it("a scripted model's script that is not JSON is reported where it breaks, once", () => {
    const s = draft((d) => {
      d.entries = [{ ...blankEntry("scripted", "scripted"), script: '[{"text": "hi"},\n {"text": oops}]' as never }];
    });
    const local = checkDraft(s);
    expect(local.ok).toBe(false);
    if (local.ok) return;
    expect(local.issues).toEqual([
      {
        path: "roster.0.script",
        message:
          "Not valid JSON — line 2, column 11: expected a value (a string in double quotes, a number, true, false, null, [ or {), found 'o'",
      },
    ]);
    expect(fieldIssues(local.issues, 0).get("entry.0.script")).toHaveLength(1);
  });

  it("a valid draft passes as the body it sends", () => {
    const s = draft(() => {});
    const local = checkDraft(s);
    expect(local).toEqual({ ok: true, body: bodyOf(s) });
  });
});
