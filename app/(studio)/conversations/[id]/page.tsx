import { requirePagePrincipal, viewerHas } from "@/app/_auth/page-principal";
import { ConversationView } from "@/components/conversations/conversation-view";
import { PageHeader } from "@/components/shell/page-header";
import { server } from "@/lib/server/server";

export const metadata = { title: "Conversation · Atelier" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  // Any role may read a conversation; operators (and admins) may send to it; authors may switch its model too.
  const viewer = await requirePagePrincipal();
  const { id } = await params;
  const row = await server().db.conversation.findUnique({
    where: { id },
    select: { title: true, agent: { select: { name: true } } },
  });
  const title = row ? (row.title ?? `Conversation with ${row.agent.name}`) : "Conversation";
  return (
    <>
      <PageHeader title={title} description="Answers stream in with every tool call, its usage and cost." />
      <ConversationView id={id} canSend={viewerHas(viewer, ["operator"])} canSwitch={viewerHas(viewer, ["operator"])} />
    </>
  );
}
