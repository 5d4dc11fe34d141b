import ts from "typescript";
import { describe, expect, it } from "vitest";
import { createToolLanguageService } from "./language-service";
import { enumNameOf, literalUnionName, literalValue, orderedMembers } from "./literal-unions";

/** The checker and the annotation node of `declare const probe: <annotation>;` after a prelude. */
function probe(annotation: string, prelude = "") {
  const { checker, sourceFile } = createToolLanguageService().update(
    `${prelude}\ndeclare const probe: ${annotation};\n`,
  );
  const statement = sourceFile.statements[sourceFile.statements.length - 1] as ts.VariableStatement;
  const node = statement.declarationList.declarations[0].type!;
  return { checker, node, type: checker.getTypeFromTypeNode(node) };
}

describe("orderedMembers", () => {
  it("follows the annotation, not the checker's type-id order", () => {
    const { checker, node, type } = probe(
      `"zeta" | "alpha"`,
      `const a = "alpha"; const z = "zeta"; const both: "alpha" | "zeta" = a;`,
    );
    expect(type.isUnion()).toBe(true);
    expect(orderedMembers(checker, type as ts.UnionType, node).map(literalValue)).toEqual(["zeta", "alpha"]);
  });

  it("follows an alias declaration when there is no node", () => {
    const { checker, type } = probe("Dir", `const d: "down" = "down"; type Dir = "up" | "down";`);
    expect(orderedMembers(checker, type as ts.UnionType).map(literalValue)).toEqual(["up", "down"]);
  });

  it("follows enum declaration order", () => {
    const { checker, type } = probe("Size", `enum Size { L = "l", S = "s", M = "m" }`);
    expect(orderedMembers(checker, type as ts.UnionType).map(literalValue)).toEqual(["l", "s", "m"]);
  });
});

describe("names", () => {
  it("an enum's name from its members", () => {
    const { type } = probe("Size", `enum Size { L = "l", S = "s" }`);
    expect(enumNameOf((type as ts.UnionType).types)).toBe("Size");
  });

  it("the alias behind a union with null", () => {
    const { checker, node, type } = probe("Unit | null", `type Unit = "c" | "f";`);
    const members = (type as ts.UnionType).types.filter((t) => !(t.flags & ts.TypeFlags.Null));
    expect(literalUnionName(checker, type as ts.UnionType, members, node)).toBe("Unit");
  });

  it("none for an inline union", () => {
    const { checker, node, type } = probe(`"a" | "b"`);
    expect(literalUnionName(checker, type as ts.UnionType, (type as ts.UnionType).types, node)).toBeUndefined();
  });
});
