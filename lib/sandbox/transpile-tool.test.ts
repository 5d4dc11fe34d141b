import { describe, expect, it } from "vitest";
import { decodeMappings, mapToSource, transpileTool } from "./transpile-tool";

const SOURCE = `import { tool, type RunContext, type Int } from "atelier";

type Unit = "celsius" | "fahrenheit";

interface Forecast {
  city: string;
  days: number;
}

/**
 * Return a short weather forecast for a city over the next few days.
 */
export default tool({ sideEffecting: false }, async function forecast(city: string, unit: Unit, days: Int = 3) {
  const x: number = 1;
  if (city === "boom") throw new Error("kaboom");
  return \`\${city}: mild for \${days} days (\${unit})\`;
});
`;

describe("transpileTool", () => {
  it("emits CommonJS that requires atelier and strips types", () => {
    const t = transpileTool(SOURCE);
    expect(t.js).toContain('require("atelier")');
    expect(t.js).toContain("exports.default");
    expect(t.js).not.toContain("interface Forecast");
    expect(t.js).not.toContain("sourceMappingURL");
    expect(t.js.startsWith('"use strict"')).toBe(true);
    expect(t.syntaxErrors).toEqual([]);
  });

  it("maps a generated line back to the author's line", () => {
    const t = transpileTool(SOURCE);
    const genLines = t.js.split("\n");
    const genLine = genLines.findIndex((l) => l.includes("kaboom")) + 1;
    const srcLine = SOURCE.split("\n").findIndex((l) => l.includes("kaboom")) + 1;
    expect(genLine).not.toBe(srcLine);
    expect(mapToSource(t, genLine, null)?.line).toBe(srcLine);
    expect(mapToSource(t, genLine, genLines[genLine - 1].indexOf("throw") + 1)?.line).toBe(srcLine);
  });

  it("caches by source hash", () => {
    expect(transpileTool(SOURCE)).toBe(transpileTool(SOURCE));
    expect(transpileTool(SOURCE).hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("reports syntax errors with their line", () => {
    const t = transpileTool(
      `import { tool } from "atelier";\nexport default tool({ sideEffecting: false }, function f() {\n  return (;\n});\n`,
    );
    expect(t.syntaxErrors.length).toBeGreaterThan(0);
    expect(t.syntaxErrors[0].line).toBe(3);
  });

  it("decodes VLQ mappings", () => {
    // "AAAA" -> [0,0,0,0]; ";AACA" -> next line, original line +1
    expect(decodeMappings("AAAA;AACA")).toEqual([[[0, 0, 0]], [[0, 1, 0]]]);
    expect(decodeMappings("AAAA,IAAI")).toEqual([
      [
        [0, 0, 0],
        [4, 0, 4],
      ],
    ]);
  });
});
