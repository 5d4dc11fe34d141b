import { currentPrincipal, requirePagePrincipal, viewerHas } from "@/app/_auth/page-principal";
import { ConversationView } from "@/components/conversations/conversation-view";

// The tab is named after the conversation by the page itself (useDocumentTitle), once it is loaded.
export const metadata = { title: "Conversation · Atelier" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  // Any role may read a conversation; operators (and admins) may send to it and switch its model;
  // its creator (or an admin) may rename or delete it.
  const viewer = await requirePagePrincipal();
  const viewerId = (await currentPrincipal())?.id ?? null;
  const { id } = await params;
  return (
    <ConversationView
      id={id}
      canSend={viewerHas(viewer, ["operator"])}
      canSwitch={viewerHas(viewer, ["operator"])}
      viewerId={viewerId}
    />
  );
}
