/** Tool-side templates in descriptions and parameters, as the analyser treats them. */
import { describe, expect, it } from "vitest";
import { renderParameterTemplates } from "./apply-description-templates";
import type { AnalysisKnown } from "./tool-types";
import { analyze, definitionErrors, definitionWarnings, lineOf, toolModule, toolOf } from "./testing/tool-modules";

const KNOWN: AnalysisKnown = {
  connections: [
    {
      name: "billing",
      fields: [
        { name: "region", secret: false },
        { name: "apiKey", secret: true },
      ],
    },
  ],
};

const FN = `async function balance(account: string, ctx?: RunContext) { return account; }`;

describe("templates in descriptions", () => {
  it("keeps the JSDoc as written and shows everyone the text rendered with fallbacks only", () => {
    const source = toolModule(FN, {
      options: `{ sideEffecting: false, connections: ["billing"] }`,
      doc: `/**
 * Look up the balance of {{context.accountName | "the customer's account"}} for {{context.plan}} users.
 * Amounts are in {{connections.billing.region | "EUR"}}; {{user.name}} stays as written.
 *
 * ---
 * {{context.internal}} is for humans.
 *
 * @param account The account id, as {{context.accountName | "the customer"}} writes it.
 */`,
    });
    const result = analyze(source, { known: KNOWN });
    expect(result.diagnostics).toEqual([]);
    const tool = result.tool!;
    expect(tool.description).toBe(
      "Look up the balance of the customer's account for  users.\nAmounts are in EUR; {{user.name}} stays as written.",
    );
    expect(tool.templates).toEqual({
      description:
        'Look up the balance of {{context.accountName | "the customer\'s account"}} for {{context.plan}} users.\n' +
        'Amounts are in {{connections.billing.region | "EUR"}}; {{user.name}} stays as written.',
      parameters: { "/properties/account": 'The account id, as {{context.accountName | "the customer"}} writes it.' },
    });
    expect(tool.humanNotes).toBe("{{context.internal}} is for humans.");
    expect((tool.parameters.properties as Record<string, { description: string }>).account.description).toBe(
      "The account id, as the customer writes it.",
    );
  });

  it("an explicit description: is rendered too; a tool without templates has no `templates`", () => {
    const tool = toolOf(
      toolModule(FN, {
        options: `{ sideEffecting: false, description: "Balance lookup for {{context.plan | 'x'}} and {{ context.team | \\"the team\\" }} accounts." }`,
      }),
    );
    expect(tool.description).toBe("Balance lookup for {{context.plan | 'x'}} and the team accounts.");
    expect(tool.templates).toEqual({
      description: `Balance lookup for {{context.plan | 'x'}} and {{ context.team | "the team" }} accounts.`,
    });
    expect(toolOf(toolModule(FN))).not.toHaveProperty("templates");
  });

  it("measures the 30-character floor on the rendered text", () => {
    const result = analyze(toolModule(FN, { doc: `/** {{context.accountDescription}} Look it up. */` }));
    expect(result.tool).toBeNull();
    expect(definitionErrors(result).map((d) => d.message)).toEqual([
      expect.stringContaining("got 12 chars: ' Look it up.'"),
    ]);
    const fallback = toolOf(
      toolModule(FN, { doc: `/** {{context.what | "Look up an account's balance in the ledger"}}. */` }),
    );
    expect(fallback.description).toBe("Look up an account's balance in the ledger.");
  });

  it("a secret field is a definition error where it is written; unknown connections and fields are warnings", () => {
    const source = toolModule(FN, {
      options: `{ sideEffecting: false, connections: ["billing"] }`,
      doc: `/**
 * Look up an account's balance in the ledger of the billing system.
 * Authenticated with {{connections.billing.apiKey}}.
 * Region {{connections.billing.zone | "eu"}}, owner {{connections.crm.owner}}.
 */`,
    });
    const result = analyze(source, { known: KNOWN });
    expect(result.tool).toBeNull();
    expect(definitionErrors(result).map((d) => [d.range.startLine, d.message])).toEqual([
      [lineOf(source, "apiKey"), expect.stringContaining("names the secret field 'apiKey' of connection 'billing'")],
    ]);
    expect(definitionWarnings(result).map((d) => [d.range.startLine, d.message])).toEqual([
      [
        lineOf(source, "zone"),
        `{{connections.billing.zone | "eu"}}: connection 'billing' has no field 'zone' (it renders its fallback)`,
      ],
      [
        lineOf(source, "crm"),
        "{{connections.crm.owner}}: connection 'crm' is not in this tool's `connections`, so a run does not provide it; " +
          "no connection named 'crm' exists in this studio yet (it renders empty)",
      ],
    ]);
    const [secret] = definitionErrors(result);
    expect(
      source.split("\n")[secret.range.startLine - 1].slice(secret.range.startColumn - 1, secret.range.endColumn - 1),
    ).toBe("{{connections.billing.apiKey}}");
    // Without what the studio knows, the secret cannot be told apart: no error, only the undeclared connection.
    const blind = analyze(source);
    expect(blind.tool).not.toBeNull();
    expect(definitionWarnings(blind).map((d) => d.message)).toEqual([
      expect.stringContaining("connection 'crm' is not in this tool's `connections`"),
    ]);
  });
});

describe("renderParameterTemplates", () => {
  it("renders descriptions at any depth, keyed by JSON pointer; data keywords are left alone", () => {
    const schema = {
      type: "object",
      properties: {
        filter: {
          type: "object",
          description: "Filter for {{context.plan}}",
          properties: { "a/b": { type: "string", description: '{{context.x | "X"}} key' } },
          default: { description: "{{context.plan}}" },
        },
        tags: { type: "array", items: { anyOf: [{ type: "string", description: "{{context.y}}!" }] } },
      },
      $defs: { Node: { type: "object", description: "no template" } },
    };
    const { schema: out, raw } = renderParameterTemplates(schema);
    expect(raw).toEqual({
      "/properties/filter": "Filter for {{context.plan}}",
      "/properties/filter/properties/a~1b": '{{context.x | "X"}} key',
      "/properties/tags/items/anyOf/0": "{{context.y}}!",
    });
    expect(out).toEqual({
      ...schema,
      properties: {
        filter: {
          ...schema.properties.filter,
          description: "Filter for ",
          properties: { "a/b": { type: "string", description: "X key" } },
        },
        tags: { type: "array", items: { anyOf: [{ type: "string", description: "!" }] } },
      },
    });
    expect(renderParameterTemplates({ type: "object" }).schema).toEqual({ type: "object" });
  });
});
