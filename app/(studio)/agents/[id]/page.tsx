import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { AgentEditorPage } from "@/components/agents/agent-editor-page";
import { AgentVersionBadge } from "@/components/agents/agent-version-badge";
import { BudgetBanner } from "@/components/budgets/budget-banner";
import { PageHeader } from "@/components/shell/page-header";
import { server } from "@/lib/server/server";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const row = await server().db.agent.findUnique({ where: { id }, select: { name: true } });
  return { title: row ? `Agent ${row.name} · Atelier` : "Agent · Atelier" };
}

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  await requirePagePrincipal();
  const { id } = await params;
  const row = await server().db.agent.findUnique({ where: { id }, select: { name: true } });
  return (
    <>
      <PageHeader
        title={row ? `Agent · ${row.name}` : "Agent"}
        description="Prompt, models, tools, limits and policies — every saved change is a new version."
        actions={row ? <AgentVersionBadge id={id} /> : null}
      />
      {row ? <BudgetBanner agentId={id} /> : null}
      <AgentEditorPage id={id} />
    </>
  );
}
