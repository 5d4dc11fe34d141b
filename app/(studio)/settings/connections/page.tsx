import { requirePagePrincipal, viewerHas } from "@/app/_auth/page-principal";
import { ConnectionsPanel } from "@/components/settings/connections-panel";
import { PageHeader } from "@/components/shell/page-header";

export const metadata = { title: "Connections · Settings · Atelier" };

export default async function Page() {
  const viewer = await requirePagePrincipal();
  return (
    <>
      <PageHeader
        title="Connections"
        description="Named settings and credentials that tools declare and read when they run."
      />
      <ConnectionsPanel canManage={viewerHas(viewer, ["admin"])} />
    </>
  );
}
