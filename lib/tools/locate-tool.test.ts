import { describe, expect, it } from "vitest";
import { NO_DEFAULT_EXPORT_MESSAGE, NOT_A_FUNCTION_MESSAGE, NOT_A_TOOL_CALL_MESSAGE } from "./locate-tool";
import { analyze, DOC, definitionErrors, toolOf } from "./testing/tool-modules";

const HEAD = `import { tool } from "atelier";\n`;

describe("finding the tool in a module", () => {
  it("export default tool(options, function expression)", () => {
    expect(
      toolOf(
        `${HEAD}/** ${DOC} */\nexport default tool({ sideEffecting: false }, function forecast(city: string) { return city; });`,
      ).name,
    ).toBe("forecast");
  });

  it("a function declared in the module, passed by name (its JSDoc is used)", () => {
    const tool = toolOf(`${HEAD}
/** ${DOC} */
function forecast(city: string) { return city; }
export default tool({ sideEffecting: false }, forecast);`);
    expect([tool.name, tool.description]).toEqual(["forecast", DOC]);
  });

  it("a const holding the tool, then exported", () => {
    const tool = toolOf(`${HEAD}
/** ${DOC} */
const forecastTool = tool({ sideEffecting: false }, function forecast(city: string) { return city; });
export default forecastTool;`);
    expect([tool.name, tool.description]).toEqual(["forecast", DOC]);
  });

  it("JSDoc on the function expression inside the call", () => {
    const tool = toolOf(`${HEAD}
export default tool(
  { sideEffecting: false },
  /** ${DOC} */
  function forecast(city: string) { return city; },
);`);
    expect(tool.description).toBe(DOC);
  });

  it("an aliased import of tool", () => {
    const tool = toolOf(`import { tool as defineTool } from "atelier";
/** ${DOC} */
export default defineTool({ sideEffecting: false }, function forecast(city: string) { return city; });`);
    expect(tool.name).toBe("forecast");
  });

  it("a plain comment between the JSDoc and the export does not hide it (as TypeScript attaches JSDoc)", () => {
    const tool = toolOf(
      `${HEAD}/** ${DOC} */\n// a plain comment\n/* another */\nexport default tool({ sideEffecting: false }, function forecast(city: string) { return city; });`,
    );
    expect(tool.description).toBe(DOC);
  });

  it("the last of two JSDoc comments is the tool's", () => {
    const tool = toolOf(
      `${HEAD}/** File header, not the tool's description at all. */\n/** ${DOC} */\nexport default tool({ sideEffecting: false }, function forecast(city: string) { return city; });`,
    );
    expect(tool.description).toBe(DOC);
  });

  it("without any JSDoc the description is empty and refused", () => {
    const result = analyze(
      `${HEAD}export default tool({ sideEffecting: false }, function forecast(city: string) { return city; });`,
    );
    expect(result.tool).toBeNull();
    expect(definitionErrors(result).map((e) => e.message)).toEqual([
      "tool 'forecast' needs a docstring/description of at least 30 characters so the model can understand it; got 0 chars: ''",
    ]);
  });

  it("no default export", () => {
    const result = analyze(`${HEAD}export const x = 1;\n`);
    expect(result).toEqual({
      tool: null,
      preview: null,
      diagnostics: [
        {
          severity: "error",
          code: "ToolDefinitionError",
          message: NO_DEFAULT_EXPORT_MESSAGE,
          range: { startLine: 1, startColumn: 1, endLine: 1, endColumn: 32 },
        },
      ],
    });
  });

  it("a default export that is not a tool(...) call", () => {
    const result = analyze(`${HEAD}export default function forecast(city: string) { return city; }\n`);
    expect(definitionErrors(result).map((e) => e.message)).toEqual([NO_DEFAULT_EXPORT_MESSAGE]);
    const other = analyze(`${HEAD}export default 42;\n`);
    expect(definitionErrors(other).map((e) => e.message)).toEqual([NOT_A_TOOL_CALL_MESSAGE]);
    expect(definitionErrors(other)[0].range.startLine).toBe(2);
  });

  it("a function imported from elsewhere cannot be read", () => {
    const result = analyze(
      `${HEAD}import { impl } from "./impl";\nexport default tool({ sideEffecting: false }, impl);\n`,
    );
    expect(definitionErrors(result).map((e) => e.message)).toEqual([NOT_A_FUNCTION_MESSAGE]);
  });
});
