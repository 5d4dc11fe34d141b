/**
 * One page of Settings (settings-pages.ts lists them): its heading from the list, and its content
 * — or, for a viewer the page is not for, a line saying why (the server checks every call anyway).
 */
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { requirePagePrincipal, type Viewer } from "@/app/_auth/page-principal";
import { PageHeader } from "@/components/shell/page-header";
import {
  maySee,
  notForYou,
  settingsPage,
  settingsTabTitle,
  type SettingsSlug,
} from "@/components/settings/settings-pages";

export function settingsMetadata(slug: SettingsSlug): Metadata {
  return { title: `${settingsTabTitle(settingsPage(slug))} · Atelier` };
}

export async function SettingsPage({
  slug,
  children,
}: {
  slug: SettingsSlug;
  children: (viewer: Viewer) => ReactNode;
}) {
  const viewer = await requirePagePrincipal();
  const page = settingsPage(slug);
  return (
    <>
      <PageHeader title={page.title} description={page.description} />
      {maySee(page, viewer) ? (
        children(viewer)
      ) : (
        <p className="empty" data-testid="settings-not-for-you">
          {notForYou(page)}
        </p>
      )}
    </>
  );
}
