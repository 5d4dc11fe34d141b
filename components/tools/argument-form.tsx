"use client";
/**
 * A form generated from the parameters JSON Schema: text/number/checkbox inputs, selects for enums,
 * item lists for arrays, fieldsets for nested objects, an include toggle for optional fields and a
 * null toggle for `X | null`. Anything it cannot draw (maps, general unions) is edited as JSON.
 * A `$ref` into the parameters' `$defs` (a recursive type) is drawn as its definition, as deep as
 * the value goes.
 */
import { createContext, useContext, useState } from "react";
import { defName } from "@/lib/tools/schema-refs.shared";
import type { JsonSchema } from "@/lib/tools/tool-analysis.shared";
import { deref, nullableInner, properties, requiredNames, schemaType, skeletonFor } from "./argument-skeleton";

/** The parameters schema whose `$defs` every `$ref` below points into. */
const RootSchema = createContext<JsonSchema | undefined>(undefined);

type Change = (value: unknown) => void;

export function ArgumentForm({
  schema,
  value,
  onChange,
}: {
  schema: JsonSchema;
  value: Record<string, unknown>;
  onChange(v: Record<string, unknown>): void;
}) {
  const props = properties(schema);
  if (props.length === 0) return <p className="muted">This tool takes no arguments.</p>;
  return (
    <RootSchema.Provider value={schema}>
      <div className="arg-form" data-testid="argument-form">
        <ObjectFields schema={schema} value={value} onChange={(v) => onChange(v as Record<string, unknown>)} path="" />
      </div>
    </RootSchema.Provider>
  );
}

function ObjectFields({
  schema,
  value,
  onChange,
  path,
}: {
  schema: JsonSchema;
  value: unknown;
  onChange: Change;
  path: string;
}) {
  const root = useContext(RootSchema);
  const obj = value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const required = new Set(requiredNames(schema));
  const set = (name: string, v: unknown) => onChange({ ...obj, [name]: v });
  const remove = (name: string) => {
    const { [name]: _gone, ...rest } = obj;
    onChange(rest);
  };
  return (
    <>
      {properties(schema).map(([name, prop]) => {
        const id = `arg${path}.${name}`;
        const present = name in obj;
        const optional = !required.has(name);
        return (
          <div className={`arg-field${present ? "" : " arg-absent"}`} key={name}>
            <div className="arg-label">
              <label htmlFor={id} className="mono">
                {name}
              </label>
              <span className="muted small">{describeType(prop)}</span>
              {optional ? (
                <label className="check small">
                  <input
                    type="checkbox"
                    checked={present}
                    onChange={(e) => (e.target.checked ? set(name, skeletonFor(prop, 0, root)) : remove(name))}
                    aria-label={`send ${name}`}
                  />
                  send
                </label>
              ) : (
                <span className="pill small-pill">required</span>
              )}
            </div>
            {typeof prop.description === "string" ? <div className="muted small">{prop.description}</div> : null}
            {present ? (
              <SchemaField
                id={id}
                schema={prop}
                value={obj[name]}
                onChange={(v) => set(name, v)}
                path={`${path}.${name}`}
              />
            ) : null}
          </div>
        );
      })}
    </>
  );
}

function SchemaField({
  id,
  schema,
  value,
  onChange,
  path,
}: {
  id: string;
  schema: JsonSchema;
  value: unknown;
  onChange: Change;
  path: string;
}) {
  const root = useContext(RootSchema);
  if (defName(schema.$ref) !== undefined) {
    const resolved = deref(schema, root);
    if (resolved !== schema)
      return <SchemaField id={id} schema={resolved} value={value} onChange={onChange} path={path} />;
  }
  const inner = nullableInner(schema);
  if (inner) {
    return (
      <div>
        <label className="check small">
          <input
            type="checkbox"
            checked={value === null}
            onChange={(e) => onChange(e.target.checked ? null : skeletonFor(inner, 0, root))}
          />
          null
        </label>
        {value === null ? null : <SchemaField id={id} schema={inner} value={value} onChange={onChange} path={path} />}
      </div>
    );
  }
  if (Array.isArray(schema.enum)) {
    const options = schema.enum as unknown[];
    const index = options.findIndex((o) => JSON.stringify(o) === JSON.stringify(value));
    return (
      <select
        id={id}
        value={index < 0 ? "" : String(index)}
        onChange={(e) => onChange(options[Number(e.target.value)])}
      >
        {index < 0 ? <option value="">{JSON.stringify(value)} (not allowed)</option> : null}
        {options.map((o, i) => (
          <option key={i} value={String(i)}>
            {typeof o === "string" ? o : JSON.stringify(o)}
          </option>
        ))}
      </select>
    );
  }
  const type = schemaType(schema);
  if (type === "string") {
    return (
      <input
        id={id}
        type="text"
        value={typeof value === "string" ? value : JSON.stringify(value)}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  if (type === "number" || type === "integer") {
    return <NumberInput id={id} value={value} integer={type === "integer"} onChange={onChange} />;
  }
  if (type === "boolean") {
    return <input id={id} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />;
  }
  if (type === "array" && schema.items && typeof schema.items === "object") {
    const items = Array.isArray(value) ? value : [];
    const itemSchema = schema.items as JsonSchema;
    return (
      <div className="arg-array">
        {items.map((item, i) => (
          <div className="arg-item" key={i}>
            <SchemaField
              id={`${id}[${i}]`}
              schema={itemSchema}
              value={item}
              onChange={(v) => onChange(items.map((x, j) => (j === i ? v : x)))}
              path={`${path}[${i}]`}
            />
            <button
              type="button"
              className="btn small"
              onClick={() => onChange(items.filter((_, j) => j !== i))}
              aria-label={`remove item ${i + 1}`}
            >
              ✕
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn small"
          onClick={() => onChange([...items, skeletonFor(itemSchema, 0, root)])}
        >
          + item
        </button>
      </div>
    );
  }
  if (type === "object" && properties(schema).length > 0) {
    return (
      <fieldset className="arg-object">
        <ObjectFields schema={schema} value={value} onChange={onChange} path={path} />
      </fieldset>
    );
  }
  return <JsonValueInput id={id} value={value} onChange={onChange} />;
}

function NumberInput({
  id,
  value,
  integer,
  onChange,
}: {
  id: string;
  value: unknown;
  integer: boolean;
  onChange: Change;
}) {
  const [text, setText] = useState(typeof value === "number" ? String(value) : "");
  return (
    <input
      id={id}
      type="number"
      step={integer ? 1 : "any"}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value);
        if (e.target.value.trim() !== "" && Number.isFinite(n)) onChange(n);
      }}
    />
  );
}

/** A JSON sub-value the form cannot draw: edited as text, applied when it parses. */
function JsonValueInput({ id, value, onChange }: { id: string; value: unknown; onChange: Change }) {
  const [text, setText] = useState(JSON.stringify(value));
  const [bad, setBad] = useState(false);
  return (
    <input
      id={id}
      className="mono"
      value={text}
      aria-invalid={bad}
      onChange={(e) => {
        setText(e.target.value);
        try {
          onChange(JSON.parse(e.target.value));
          setBad(false);
        } catch {
          setBad(true);
        }
      }}
    />
  );
}

export function describeType(schema: JsonSchema): string {
  const ref = defName(schema.$ref);
  if (ref !== undefined) return ref;
  if (Array.isArray(schema.enum))
    return `one of ${(schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
  const inner = nullableInner(schema);
  if (inner) return `${describeType(inner)} or null`;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).map(describeType).join(" | ");
  const type = schemaType(schema);
  if (type === "array")
    return schema.items && typeof schema.items === "object"
      ? `array of ${describeType(schema.items as JsonSchema)}`
      : "array";
  if (type === "object" && schema.additionalProperties && typeof schema.additionalProperties === "object") {
    return `map of ${describeType(schema.additionalProperties as JsonSchema)}`;
  }
  if (type === "string" && schema.format) return `string (${String(schema.format)})`;
  return type ?? "any";
}
