import { requirePagePrincipal, viewerHas } from "@/app/_auth/page-principal";
import { SettingsView } from "@/components/settings/settings-view";
import { AuditPanel } from "@/components/settings/audit-panel";
import { PasswordPanel } from "@/components/settings/password-panel";
import { ProvidersPanel } from "@/components/settings/providers-panel";
import { TokensPanel } from "@/components/settings/tokens-panel";
import { UsersPanel } from "@/components/settings/users-panel";
import { PageHeader } from "@/components/shell/page-header";

export const metadata = { title: "Settings · Atelier" };

export default async function Page() {
  const viewer = await requirePagePrincipal();
  const admin = viewerHas(viewer, ["admin"]);
  return (
    <>
      <PageHeader
        title="Settings"
        description="This studio's database, your password, users, API tokens, provider keys and audit log."
      />
      <SettingsView />
      {viewer.kind === "user" ? (
        <>
          <PasswordPanel />
          <TokensPanel />
        </>
      ) : null}
      {admin ? (
        <>
          <UsersPanel />
          <ProvidersPanel />
          <AuditPanel />
        </>
      ) : null}
    </>
  );
}
