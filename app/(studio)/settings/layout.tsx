import type { ReactNode } from "react";
import { SettingsNav } from "@/components/settings/settings-nav";

/** Every settings page: the sub-navigation (components/settings/settings-pages.ts) beside the page. */
export default function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <div className="settings-layout">
      <SettingsNav />
      <div className="settings-body">{children}</div>
    </div>
  );
}
