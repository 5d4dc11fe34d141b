import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { PageHeader } from "@/components/shell/page-header";
import { ConversationsList } from "@/components/conversations/conversations-list";

export const metadata = { title: "Conversations · Atelier" };

export default async function Page() {
  await requirePagePrincipal();
  return (
    <>
      <PageHeader
        title="Conversations"
        description="Runs with your agents, streamed with their tool calls, usage and cost."
      />
      <ConversationsList />
    </>
  );
}
