/**
 * The function's parameters -> the `parameters` JSON Schema and the sandbox's call plan:
 *
 * - parameters by name, in declared order; optional (`?`) or defaulted ones are not required;
 * - `@param name text` in the JSDoc becomes the property's description, and the validation tags
 *   below it (`@minimum 1`, `@pattern …`) become its keywords (validation-tags.ts);
 * - a parameter that can be absent (`x: T | undefined`) is not required; one no JSON value fits
 *   (`undefined`, `void`, `never`) is not advertised;
 * - recursive types put their definitions in the top-level `$defs`;
 * - a single destructured object parameter contributes its type's properties directly (member
 *   JSDoc as descriptions, `@param name` / `@param params.name` winning), and an index signature
 *   on its type means "accepts extra keys" (passed through, not advertised);
 * - `ctx` / `context`, unannotated or typed `RunContext`, is injected and left out of the schema;
 *   `context: string` is an ordinary parameter;
 * - a `...rest` parameter is refused.
 */
import ts from "typescript";
import type { JsDocTag } from "./read-jsdoc";
import { reprString, reprValue } from "./repr";
import { withDefinitions } from "./schema-definitions";
import type { ArgumentConversion, CallParam, CallPlan, JsonSchema } from "./tool-types";
import {
  escapePointer,
  isAtelierSymbol,
  isDataMember,
  isDateType,
  isMapType,
  isOptionalMember,
  isSetType,
  memberDescription,
  presentMembers,
  admitsAbsence,
  stripUndefined,
} from "./type-recognisers";
import { propertySchema, schemaRoot, typeToSchema, uncheckedSchema, type SchemaWalk } from "./type-to-schema";
import { applyValidationTags } from "./validation-tags";
import { isValidationTag } from "./validation-tag-names";

export interface ParameterProblem {
  message: string;
  node: ts.Node;
  /** A JSDoc tag's 0-based line, when the problem is a tag (underline that line, not `node`). */
  line?: number;
}

export function strayTagMessage(tag: string): string {
  return `@${tag} is not below a @param: write it under the @param of the parameter it constrains`;
}

export interface ReadParameters {
  parameters: JsonSchema;
  call: CallPlan;
  problems: ParameterProblem[];
}

export const INJECTED_CONTEXT_NAMES = ["ctx", "context"];

export function restParameterMessage(toolName: string, paramText: string): string {
  return (
    `tool ${reprString(toolName)} has a rest parameter \`${paramText}\`: a tool is called with a JSON ` +
    `object, so every argument arrives by name and a rest parameter can never be filled; ` +
    `use a single destructured parameter with an index signature ` +
    `(\`{ query, ...filters }: { query: string; [key: string]: unknown }\`) if the tool genuinely accepts arbitrary keys`
  );
}

export function destructuredNotAloneMessage(toolName: string): string {
  return (
    `tool ${reprString(toolName)} has a destructured object parameter next to other parameters: ` +
    `a destructured parameter must be the tool's only parameter (besides ctx), because its ` +
    `properties become the tool's arguments`
  );
}

export function arrayPatternMessage(toolName: string): string {
  return (
    `tool ${reprString(toolName)} has an array-destructured parameter: the model sends named ` +
    `arguments, so give the parameter a name`
  );
}

/** Is this parameter the injected run context? */
export function isInjectedContext(checker: ts.TypeChecker, param: ts.ParameterDeclaration): boolean {
  if (!ts.isIdentifier(param.name) || !INJECTED_CONTEXT_NAMES.includes(param.name.text)) return false;
  if (!param.type) return true;
  const type = checker.getTypeFromTypeNode(param.type);
  const members = stripUndefined(type);
  return members.length === 1 && isAtelierSymbol(members[0].aliasSymbol ?? members[0].getSymbol(), "RunContext");
}

/** How the sandbox turns the JSON value into what the body's annotation asked for. */
export function conversionFor(type: ts.Type): ArgumentConversion | undefined {
  const members = stripUndefined(type).filter((t) => !(t.flags & ts.TypeFlags.Null));
  if (members.length !== 1) return undefined;
  if (isSetType(members[0])) return "set";
  if (isDateType(members[0])) return "date";
  if (isMapType(members[0])) return "map";
  return undefined;
}

function withDescription(schema: JsonSchema, description: string | undefined): JsonSchema {
  return description ? { ...schema, description } : schema;
}

/** The validation tags below `@param name` (or a dotted `@param params.name`). */
function paramTags(tags: JsDocTag[], name: string): JsDocTag[] {
  return tags.filter((t) => t.param !== undefined && (t.param === name || t.param.endsWith(`.${name}`)));
}

/** `@param name`, or a dotted `@param params.name` for a destructured parameter. */
function paramDoc(docs: Map<string, string>, name: string): string | undefined {
  const direct = docs.get(name);
  if (direct) return direct;
  for (const [key, text] of docs) {
    if (key.endsWith(`.${name}`) && text) return text;
  }
  return undefined;
}

export function readParameters(
  walk: SchemaWalk,
  fn: ts.SignatureDeclaration,
  toolName: string,
  paramDocs: Map<string, string>,
  sf: ts.SourceFile,
  docTags: JsDocTag[] = [],
): ReadParameters {
  const { checker } = walk;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const params: CallParam[] = [];
  const problems: ParameterProblem[] = [];
  let ctx: CallPlan["ctx"] = null;
  let acceptsExtra = false;
  let style: CallPlan["style"] = "positional";

  const declared = fn.parameters.filter((p) => !(ts.isIdentifier(p.name) && p.name.text === "this"));
  const dataParams: ts.ParameterDeclaration[] = [];
  declared.forEach((param, index) => {
    if (param.dotDotDotToken) {
      problems.push({ message: restParameterMessage(toolName, param.getText(sf)), node: param });
    } else if (!ctx && isInjectedContext(checker, param)) {
      ctx = { name: (param.name as ts.Identifier).text, index };
    } else {
      dataParams.push(param);
    }
  });

  const destructured = dataParams.filter((p) => ts.isObjectBindingPattern(p.name));
  if (destructured.length > 0 && dataParams.length > 1) {
    problems.push({ message: destructuredNotAloneMessage(toolName), node: destructured[0] });
  }

  for (const tag of docTags) {
    if (tag.param === undefined && isValidationTag(tag.name) && tag.name !== "deprecated") {
      problems.push({ message: strayTagMessage(tag.name), node: fn, line: tag.line });
    }
  }

  const withTags = (name: string, schema: JsonSchema, pointer: string): JsonSchema => {
    const tags = paramTags(docTags, name);
    if (tags.length === 0) return schema;
    const root = schemaRoot(walk, pointer);
    const applied = applyValidationTags(schema, tags, reprValue(name), {
      root: { $defs: root.defs },
      pointer,
      notes: walk.notes,
    });
    for (const p of applied.problems) problems.push({ message: p.message, node: fn, line: p.line });
    return applied.schema;
  };

  /** `schema` undefined: the parameter takes no JSON value (never advertised), but is still passed. */
  const add = (name: string, schema: JsonSchema | undefined, isRequired: boolean, convert?: ArgumentConversion) => {
    if (schema) {
      properties[name] = schema;
      if (isRequired) required.push(name);
    }
    params.push(convert ? { name, convert } : { name });
  };

  if (destructured.length === 1 && dataParams.length === 1) {
    style = "object";
    const param = destructured[0];
    const pattern = param.name as ts.ObjectBindingPattern;
    const wholeOptional = !!param.questionToken || !!param.initializer;
    const defaulted = new Set<string>();
    for (const el of pattern.elements) {
      if (el.dotDotDotToken) continue;
      const key = bindingKey(el);
      if (key !== undefined && el.initializer) defaulted.add(key);
    }

    if (param.type) {
      const type = checker.getTypeFromTypeNode(param.type);
      const shape = stripUndefined(type);
      const objectType = shape.length === 1 ? shape[0] : type;
      for (const prop of checker.getPropertiesOfType(objectType)) {
        if (!isDataMember(prop)) continue;
        const propType = checker.getTypeOfSymbol(prop);
        if (presentMembers(propType).length === 0) continue;
        const pointer = `/properties/${escapePointer(prop.name)}`;
        const description = paramDoc(paramDocs, prop.name) ?? memberDescription(checker, prop);
        const schema = withTags(prop.name, propertySchema(walk, prop, pointer, description || undefined), pointer);
        const isRequired =
          !wholeOptional && !isOptionalMember(prop) && !defaulted.has(prop.name) && !admitsAbsence(propType);
        add(prop.name, schema, isRequired, conversionFor(propType));
      }
      acceptsExtra = !!checker.getIndexInfoOfType(objectType, ts.IndexKind.String);
    } else {
      for (const el of pattern.elements) {
        if (el.dotDotDotToken) {
          acceptsExtra = true;
          continue;
        }
        const key = bindingKey(el);
        if (key === undefined) continue;
        const schema = withDescription(
          uncheckedSchema(walk, `/properties/${escapePointer(key)}`),
          paramDoc(paramDocs, key),
        );
        add(key, schema, !wholeOptional && !el.initializer);
      }
    }
  } else {
    for (const param of dataParams) {
      if (ts.isArrayBindingPattern(param.name)) {
        problems.push({ message: arrayPatternMessage(toolName), node: param });
        continue;
      }
      if (!ts.isIdentifier(param.name)) continue;
      const name = param.name.text;
      const pointer = `/properties/${escapePointer(name)}`;
      let schema: JsonSchema;
      let convert: ArgumentConversion | undefined;
      let absentOk = false;
      if (param.type) {
        const type = checker.getTypeFromTypeNode(param.type);
        if (presentMembers(type).length === 0) {
          add(name, undefined, false);
          continue;
        }
        absentOk = admitsAbsence(type);
        schema = typeToSchema(walk, type, pointer, param.type);
        convert = conversionFor(type);
      } else {
        schema = uncheckedSchema(walk, pointer);
      }
      add(
        name,
        withDescription(withTags(name, schema, pointer), paramDoc(paramDocs, name)),
        !param.questionToken && !param.initializer && !absentOk,
        convert,
      );
    }
  }

  return {
    parameters: withDefinitions({ type: "object", properties, required }, walk.roots.get("")),
    call: { style, params, ctx, acceptsExtra },
    problems,
  };
}

function bindingKey(el: ts.BindingElement): string | undefined {
  const name = el.propertyName ?? el.name;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return undefined;
}
