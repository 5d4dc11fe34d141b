/** The JSDoc tags that become JSON Schema keywords (lib/tools/README.md, "Validation tags"). */
export const NUMBER_TAGS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"] as const;
export const STRING_TAGS = ["minLength", "maxLength", "pattern", "format"] as const;
export const ARRAY_TAGS = ["minItems", "maxItems", "uniqueItems"] as const;
export const ANNOTATION_TAGS = ["default", "examples", "deprecated"] as const;

export type ValidationTagName =
  | (typeof NUMBER_TAGS)[number]
  | (typeof STRING_TAGS)[number]
  | (typeof ARRAY_TAGS)[number]
  | (typeof ANNOTATION_TAGS)[number];

export const VALIDATION_TAGS: ReadonlySet<string> = new Set<string>([
  ...NUMBER_TAGS,
  ...STRING_TAGS,
  ...ARRAY_TAGS,
  ...ANNOTATION_TAGS,
]);

export function isValidationTag(name: string): name is ValidationTagName {
  return VALIDATION_TAGS.has(name);
}
