/**
 * Links in payloads: absolute on `ATELIER_PUBLIC_URL` (the address users open) when it is set,
 * else paths from the studio's root for the receiver to prefix.
 */
type Env = Record<string, string | undefined>;

export function studioLink(path: string, env: Env = process.env): string {
  const base = env.ATELIER_PUBLIC_URL?.trim().replace(/\/+$/, "") ?? "";
  return `${base}${path}`;
}

export const links = {
  conversation: (id: string, env?: Env) => studioLink(`/conversations/${encodeURIComponent(id)}`, env),
  run: (id: string, env?: Env) => studioLink(`/runs/${encodeURIComponent(id)}`, env),
  approvals: (env?: Env) => studioLink("/approvals", env),
  decision: (approvalId: string, env?: Env) =>
    studioLink(`/api/approvals/${encodeURIComponent(approvalId)}/decision`, env),
  budgets: (env?: Env) => studioLink("/settings/budgets", env),
  costs: (env?: Env) => studioLink("/costs", env),
};
