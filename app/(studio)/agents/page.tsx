import Link from "next/link";
import { requirePagePrincipal, viewerHas } from "@/app/_auth/page-principal";
import { PageHeader } from "@/components/shell/page-header";
import { AgentsList } from "@/components/agents/agents-list";

export const metadata = { title: "Agents · Atelier" };

export default async function Page() {
  const viewer = await requirePagePrincipal();
  return (
    <>
      <PageHeader
        title="Agents"
        description="Prompts, model rosters, tools, limits and autonomy."
        actions={
          viewerHas(viewer, ["author"]) ? (
            <Link className="btn primary" href="/agents/new">
              New agent
            </Link>
          ) : null
        }
      />
      <AgentsList />
    </>
  );
}
