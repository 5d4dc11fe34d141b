import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { ConversationCanvas } from "@/components/canvas/run/conversation-canvas";

// The tab is named after the conversation by the view itself (useDocumentTitle), once it is loaded.
export const metadata = { title: "Run on canvas · Atelier" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  // Any role may read a conversation, so any role may watch its run on the canvas; deciding a held
  // call from its approval card is for approvers (checked again by the approvals API).
  await requirePagePrincipal();
  const { id } = await params;
  return <ConversationCanvas id={decodeURIComponent(id)} />;
}
