"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useApprovals } from "@/components/api/queries";

export const NAV_ITEMS = [
  { href: "/tools", label: "Tools" },
  { href: "/agents", label: "Agents" },
  { href: "/conversations", label: "Conversations" },
  { href: "/approvals", label: "Approvals" },
  { href: "/traces", label: "Traces" },
  { href: "/costs", label: "Costs" },
  { href: "/settings", label: "Settings" },
] as const;

export function Nav() {
  const pathname = usePathname();
  const pending = useApprovals("pending");
  const pendingCount = pending.data?.pendingCount ?? 0;
  return (
    <nav className="nav" aria-label="Main">
      <Link href="/" className="brand">
        Atelier
      </Link>
      <ul>
        {NAV_ITEMS.map((item) => {
          const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <li key={item.href}>
              <Link href={item.href} className={active ? "active" : undefined} aria-current={active ? "page" : undefined}>
                {item.label}
                {item.href === "/approvals" && pendingCount > 0 ? (
                  <span className="badge" data-testid="pending-badge" aria-label={`${pendingCount} pending approvals`}>
                    {pendingCount}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
