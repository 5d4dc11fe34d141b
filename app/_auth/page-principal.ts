/**
 * Authentication for server-rendered pages: every studio page calls `requirePagePrincipal()`
 * itself (layouts are not re-rendered on every navigation, so a layout check alone would not do).
 * A bearer token works here too: browsers never send one on their own, so it opens no CSRF hole.
 */
import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { redirect } from "next/navigation";
import { hasAnyRole, type Principal } from "@/lib/auth/roles";
import type { Role } from "@/lib/auth/roles.shared";
import { needsSetup } from "@/lib/auth/users";
import { server } from "@/lib/server/server";

/** What the browser may know about who is signed in. */
export interface Viewer {
  kind: Principal["kind"];
  name: string;
  email: string | null;
  roles: Role[];
}

/** Once per request: the layout and the page both ask, and share the one session lookup. */
export const currentPrincipal = cache(async (): Promise<Principal | null> => {
  const h = await headers();
  try {
    // Through the server: a bearer guess on a page counts against the same limit as on the API.
    return await server().authenticate({
      method: "GET",
      url: `http://${h.get("host") ?? "localhost"}/`,
      headers: new Headers(h),
    });
  } catch {
    return null;
  }
});

export async function requirePagePrincipal(): Promise<Viewer> {
  const principal = await currentPrincipal();
  if (!principal) redirect((await needsSetup(server().db)) ? "/setup" : "/sign-in");
  return { kind: principal.kind, name: principal.name, email: principal.email ?? null, roles: principal.roles };
}

export function viewerHas(viewer: Viewer, roles: readonly Role[]): boolean {
  return hasAnyRole({ kind: viewer.kind, id: "", name: viewer.name, roles: viewer.roles }, roles);
}
