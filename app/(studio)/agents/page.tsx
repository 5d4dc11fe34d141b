import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { PageHeader } from "@/components/shell/page-header";
import { AgentsList } from "@/components/lists/agents-list";

export const metadata = { title: "Agents · Atelier" };

export default async function Page() {
  await requirePagePrincipal();
  return (
    <>
      <PageHeader title="Agents" description="Prompts, model rosters, tools, limits and autonomy." />
      <AgentsList />
    </>
  );
}
