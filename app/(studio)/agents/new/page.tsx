import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { defaultAgentConfig } from "@/lib/agents/agent-input.shared";
import { AgentEditor } from "@/components/agents/agent-editor";
import { PageHeader } from "@/components/shell/page-header";

export const metadata = { title: "New agent · Atelier" };

export default async function Page() {
  await requirePagePrincipal();
  // The defaults come from the same zod schema the API validates with.
  return (
    <>
      <PageHeader title="New agent" description="Every setting starts at its default; the server validates on save." />
      <AgentEditor initial={defaultAgentConfig("")} agent={null} />
    </>
  );
}
