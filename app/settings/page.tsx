import { PageHeader } from "@/components/shell/page-header";
import { SettingsView } from "@/components/lists/settings-view";

export const metadata = { title: "Settings · Atelier" };

export default function Page() {
  return (
    <>
      <PageHeader title="Settings" description="This studio's database, migrations and version." />
      <SettingsView />
    </>
  );
}
