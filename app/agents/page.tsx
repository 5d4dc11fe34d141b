import { PageHeader } from "@/components/shell/page-header";
import { AgentsList } from "@/components/lists/agents-list";

export const metadata = { title: "Agents · Atelier" };

export default function Page() {
  return (
    <>
      <PageHeader title="Agents" description="Prompts, model rosters, tools, limits and autonomy." />
      <AgentsList />
    </>
  );
}
