import { viewerHas } from "@/app/_auth/page-principal";
import { PricesPanel } from "@/components/settings/prices-panel";
import { SettingsPage, settingsMetadata } from "../_parts/settings-page";

export const metadata = settingsMetadata("prices");

export default function Page() {
  return (
    <SettingsPage slug="prices">{(viewer) => <PricesPanel canManage={viewerHas(viewer, ["admin"])} />}</SettingsPage>
  );
}
