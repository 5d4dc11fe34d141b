import { requirePagePrincipal, viewerHas } from "@/app/_auth/page-principal";
import { SettingsView } from "@/components/settings/settings-view";
import { AuditPanel } from "@/components/settings/audit-panel";
import { PasswordPanel } from "@/components/settings/password-panel";
import { ProvidersPanel } from "@/components/settings/providers-panel";
import { TokensPanel } from "@/components/settings/tokens-panel";
import { UsersPanel } from "@/components/settings/users-panel";
import { PageHeader } from "@/components/shell/page-header";
import Link from "next/link";

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
      <p>
        <Link href="/settings/mcp" data-testid="mcp-settings-link">
          MCP servers and the MCP endpoint →
        </Link>
      </p>
      <p>
        <Link href="/settings/connections" data-testid="connections-settings-link">
          Connections: settings and credentials for tools →
        </Link>
      </p>
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
