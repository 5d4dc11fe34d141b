/** The tools the `workspace` built-in gives an agent (browser-safe: the agent form lists them). */
export const WORKSPACE_TOOL_NAMES = ["read_file", "write_file", "edit_file", "glob", "list_dir", "stat"] as const;
export type WorkspaceToolName = (typeof WORKSPACE_TOOL_NAMES)[number];
