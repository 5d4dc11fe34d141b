/**
 * Template literal types (`order-${number}`) and intrinsic string mappings (`Uppercase<string>`)
 * as the anchored regular expression a JSON Schema `pattern` carries. Each placeholder admits what
 * the checker admits for it:
 *
 * - `${string}`: any text, newlines included;
 * - `${number}`: what `+s` reads as a finite number (decimal, exponent, hex/octal/binary; the
 *   checker allows surrounding white space too);
 * - `${bigint}`: an integer literal, optionally negative;
 * - literals (rarely left by the checker, which expands literal unions itself): the text, escaped;
 * - `Uppercase<string>` / `Lowercase<string>`: no lower- / upper-case letter;
 *   `Capitalize<string>` / `Uncapitalize<string>`: the first character is not one.
 *
 * Patterns use Unicode property escapes, so they are compiled with the `u` flag.
 */
import ts from "typescript";

const NUMBER = "\\s*(?:[+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?|0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+)\\s*";
const BIGINT = "-?(?:\\d+|0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+)";
const ANY_TEXT = "[\\s\\S]*";

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The unanchored pattern of one placeholder (or whole) type; null when it cannot be said. */
function partPattern(t: ts.Type): string | null {
  if (t.flags & (ts.TypeFlags.String | ts.TypeFlags.Any)) return ANY_TEXT;
  if (t.flags & ts.TypeFlags.Number) return NUMBER;
  if (t.flags & ts.TypeFlags.BigInt) return BIGINT;
  if (t.flags & ts.TypeFlags.StringLiteral) return escapeRegExp((t as ts.StringLiteralType).value);
  if (t.flags & ts.TypeFlags.NumberLiteral) return escapeRegExp(String((t as ts.NumberLiteralType).value));
  if (t.flags & ts.TypeFlags.BooleanLiteral) return (t as unknown as { intrinsicName: string }).intrinsicName;
  if (t.flags & ts.TypeFlags.TemplateLiteral) return templatePattern(t as ts.TemplateLiteralType);
  if (t.flags & ts.TypeFlags.StringMapping) return mappingPattern(t as ts.StringMappingType);
  if (t.isUnion()) {
    const parts = t.types.map(partPattern);
    return parts.every((p) => p !== null) ? `(?:${parts.join("|")})` : null;
  }
  return null;
}

function templatePattern(t: ts.TemplateLiteralType): string | null {
  let out = escapeRegExp(t.texts[0]);
  for (let i = 0; i < t.types.length; i++) {
    const part = partPattern(t.types[i]);
    if (part === null) return null;
    out += `(?:${part})${escapeRegExp(t.texts[i + 1])}`;
  }
  return out;
}

function mappingPattern(t: ts.StringMappingType): string | null {
  const inner = partPattern(t.type);
  // Only the mapping of plain `string` has a closed form; a mapped template keeps its own pattern
  // and loses the case rule (documented as the one widening).
  if (inner !== ANY_TEXT) return inner;
  switch (t.symbol.name) {
    case "Uppercase":
      return "\\P{Ll}*";
    case "Lowercase":
      return "\\P{Lu}*";
    case "Capitalize":
      return "(?:\\P{Ll}[\\s\\S]*)?";
    case "Uncapitalize":
      return "(?:\\P{Lu}[\\s\\S]*)?";
    default:
      return ANY_TEXT;
  }
}

/** `^…$` for a template literal or string mapping type; null when a placeholder cannot be said. */
export function stringPatternOf(t: ts.Type): string | null {
  const part = partPattern(t);
  return part === null ? null : `^${part}$`;
}
