"use client";
/** The sub-navigation of Settings: the pages of settings-pages.ts this viewer may see; names the browser tab. */
import { usePathname } from "next/navigation";
import { GuardedLink } from "@/components/shell/unsaved-changes";
import { useDocumentTitle } from "@/components/shell/use-document-title";
import { useViewer } from "@/components/shell/viewer-context";
import { maySee, SETTINGS_PAGES, settingsHref, settingsTabTitle } from "./settings-pages";
import "./settings.css";

export function SettingsNav() {
  const viewer = useViewer();
  const pathname = usePathname();
  const pages = SETTINGS_PAGES.filter((p) => maySee(p, viewer));
  const current =
    SETTINGS_PAGES.find(
      (p) => p.slug && (pathname === settingsHref(p.slug) || pathname.startsWith(`${settingsHref(p.slug)}/`)),
    ) ?? SETTINGS_PAGES[0];
  useDocumentTitle(settingsTabTitle(current));
  return (
    <nav className="settings-nav" aria-label="Settings" data-testid="settings-nav">
      <p className="settings-nav-title" aria-hidden="true">
        Settings
      </p>
      <ul>
        {pages.map((p) => {
          const active = p.slug === current.slug;
          return (
            <li key={p.slug || "overview"}>
              <GuardedLink
                href={settingsHref(p.slug)}
                className={active ? "active" : undefined}
                aria-current={active ? "page" : undefined}
                data-testid={`settings-nav-${p.slug || "studio"}`}
              >
                {p.label}
              </GuardedLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
