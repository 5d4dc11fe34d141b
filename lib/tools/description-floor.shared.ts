/**
 * The description floor, shared by the server's definition rules and the Tool Studio's preview
 * (browser-safe, no imports): a model-facing description needs at least 30 characters, counted in
 * code points (an emoji is one character), as Python's `len()` counts.
 */
export const MIN_DESCRIPTION_LENGTH = 30;

/** Length in code points, as Python's `len()` counts a string. */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Whether a description is under the floor. */
export function isBelowDescriptionFloor(text: string): boolean {
  return codePointLength(text) < MIN_DESCRIPTION_LENGTH;
}
