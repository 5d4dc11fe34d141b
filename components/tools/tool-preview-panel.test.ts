/**
 * The Tool Studio preview shows the schema exactly as analysed: `$defs` / `$ref` of recursive types
 * and the keywords of validation tags are rendered, not dropped (the JSON is shown as-is).
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { analyzeTool } from "@/lib/tools/analyze-tool";
import { toolModule } from "@/lib/tools/testing/tool-modules";
import { ToolPreviewPanel } from "./tool-preview-panel";

const SOURCE = toolModule(`function walk(tree: Tree, limit: Int) { return ""; }`, {
  prelude: `interface Tree {\n  /** @minLength 1 */\n  label: string;\n  children: Tree[];\n}`,
  doc: `/**\n * Walk a labelled tree and summarise what every branch holds.\n *\n * @param limit How many nodes.\n * @minimum 1\n * @maximum 500\n */`,
});

function decode(html: string): string {
  return html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}

describe("ToolPreviewPanel", () => {
  it("renders $defs, $ref and constraint keywords of the analysed schema", () => {
    const result = analyzeTool(SOURCE);
    expect(result.tool).not.toBeNull();
    const html = decode(
      renderToStaticMarkup(
        createElement(ToolPreviewPanel, {
          analysis: { source: SOURCE, ...result, preview: result.preview ?? null, formats: null },
          pending: false,
          error: null,
        }),
      ),
    );
    const parameters = /data-testid="preview-parameters"[^>]*>([\s\S]*?)<\/pre>/.exec(html)?.[1];
    expect(parameters).toBeDefined();
    expect(JSON.parse(parameters!)).toEqual(result.tool!.parameters);
    expect(parameters).toContain('"$defs"');
    expect(parameters).toContain('"$ref": "#/$defs/Tree"');
    expect(parameters).toContain('"minimum": 1');
    expect(parameters).toContain('"maximum": 500');
    expect(parameters).toContain('"minLength": 1');
  });
});
