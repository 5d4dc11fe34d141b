/**
 * How an agent's model chooses its actions (lib/agents/README.md, "Tool mode"): `native` offers the
 * tools through the provider's tool calling; `structured` asks for one JSON object holding the
 * agent's shared `responseFields` and exactly one action (a tool, or `final_answer`), for models
 * without native tool calling. Browser-safe (zod only): the route, the editor and the import share it.
 */
import { z } from "zod";

export const TOOL_MODES = ["native", "structured"] as const;
export const ToolMode = z.enum(TOOL_MODES, { error: 'toolMode is "native" or "structured"' });
export type ToolMode = z.infer<typeof ToolMode>;

/** The action that ends a structured-mode turn with its `text` as the answer. */
export const FINAL_ANSWER_ACTION = "final_answer";

export const RESPONSE_FIELD_TYPES = ["string", "number", "integer", "boolean"] as const;

export const ResponseField = z
  .object({
    name: z
      .string()
      .trim()
      .regex(
        /^[A-Za-z_][A-Za-z0-9_]{0,63}$/,
        "A response field's name is 1–64 letters, digits or _, not starting with a digit",
      ),
    type: z.enum(RESPONSE_FIELD_TYPES, { error: "A response field's type is string, number, integer or boolean" }),
    description: z.string().trim().max(500, "Keep a response field's description to 500 characters").default(""),
  })
  .strict();
export type ResponseField = z.infer<typeof ResponseField>;

export const ResponseFields = z
  .array(ResponseField)
  .max(16, "An agent has at most 16 response fields")
  .superRefine((fields, ctx) => {
    fields.forEach((f, i) => {
      if (f.name === FINAL_ANSWER_ACTION)
        ctx.addIssue({
          code: "custom",
          path: [i, "name"],
          message: `"${FINAL_ANSWER_ACTION}" is the built-in action's name`,
        });
      else if (f.name === "action")
        ctx.addIssue({ code: "custom", path: [i, "name"], message: `"action" holds the chosen action` });
      if (fields.findIndex((g) => g.name === f.name) !== i)
        ctx.addIssue({ code: "custom", path: [i, "name"], message: `"${f.name}" is already a response field` });
    });
  });
export type ResponseFields = z.infer<typeof ResponseFields>;
