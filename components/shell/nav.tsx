"use client";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { usePendingApprovalCount } from "@/components/approvals/approval-queries";
import { authApi } from "@/lib/api/contracts/auth.shared";
import { GuardedLink } from "./unsaved-changes";
import { useViewer } from "./viewer-context";

export const NAV_ITEMS = [
  { href: "/tools", label: "Tools" },
  { href: "/skills", label: "Skills" },
  { href: "/agents", label: "Agents" },
  { href: "/canvas", label: "Canvas" },
  { href: "/conversations", label: "Conversations" },
  { href: "/approvals", label: "Approvals" },
  { href: "/traces", label: "Traces" },
  { href: "/compactions", label: "Compactions" },
  { href: "/evals", label: "Evals" },
  { href: "/costs", label: "Costs" },
  { href: "/settings", label: "Settings" },
] as const;

/**
 * The studio's navigation. On a narrow screen (a phone) it folds behind a Menu button
 * (aria-expanded); it opens and closes with the button and closes when a page is chosen.
 */
export function Nav() {
  const pathname = usePathname();
  const pendingCount = usePendingApprovalCount().data ?? 0;
  const [open, setOpen] = useState(false);
  // A new page closes the menu (state adjusted during render, not in an effect).
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }
  return (
    <nav className="nav" aria-label="Main" data-open={open ? "true" : "false"}>
      <div className="nav-sticky">
        <div className="nav-top">
          <GuardedLink href="/" className="brand">
            Atelier
          </GuardedLink>
          <button
            type="button"
            className="nav-toggle"
            aria-expanded={open}
            aria-controls="nav-menu"
            onClick={() => setOpen((o) => !o)}
            data-testid="nav-toggle"
          >
            {open ? "Close menu" : "Menu"}
            {!open && pendingCount > 0 ? (
              <span className="badge" aria-label={`${pendingCount} pending approvals`}>
                {pendingCount}
              </span>
            ) : null}
          </button>
        </div>
        <div className="nav-menu" id="nav-menu">
          <ul>
            {NAV_ITEMS.map((item) => {
              const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
              return (
                <li key={item.href}>
                  <GuardedLink
                    href={item.href}
                    className={active ? "active" : undefined}
                    aria-current={active ? "page" : undefined}
                  >
                    {item.label}
                    {item.href === "/approvals" && pendingCount > 0 ? (
                      <span
                        className="badge"
                        data-testid="pending-badge"
                        aria-label={`${pendingCount} pending approvals`}
                      >
                        {pendingCount}
                      </span>
                    ) : null}
                  </GuardedLink>
                </li>
              );
            })}
          </ul>
          <UserBlock />
        </div>
      </div>
    </nav>
  );
}

function UserBlock() {
  const viewer = useViewer();
  return (
    <div className="user-block" data-testid="user-block">
      <div className="user-name">{viewer.name}</div>
      <div className="user-roles">{viewer.roles.join(", ")}</div>
      {viewer.kind === "user" ? (
        // A plain form post: signing out works from the first paint, before the page is hydrated.
        <form method="post" action={authApi.signOut.path}>
          <button type="submit" className="link-button">
            Sign out
          </button>
        </form>
      ) : null}
    </div>
  );
}
