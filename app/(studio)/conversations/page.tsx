import { currentPrincipal, requirePagePrincipal } from "@/app/_auth/page-principal";
import { PageHeader } from "@/components/shell/page-header";
import { ConversationsList } from "@/components/conversations/conversations-list";

export const metadata = { title: "Conversations · Atelier" };

export default async function Page() {
  await requirePagePrincipal();
  // Who is looking: their own conversations offer rename and delete (an admin's, every one).
  const viewerId = (await currentPrincipal())?.id ?? null;
  return (
    <>
      <PageHeader
        title="Conversations"
        description="Every conversation with your agents: find one by agent, status, day or words, open it, rename or delete it."
      />
      <ConversationsList viewerId={viewerId} />
    </>
  );
}
