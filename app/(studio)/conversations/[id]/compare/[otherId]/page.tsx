import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { ConversationCompareView } from "@/components/conversations/compare/conversation-compare";
import { PageHeader } from "@/components/shell/page-header";

// The tab is named after the two conversations by the view itself (useDocumentTitle), once loaded.
export const metadata = { title: "Compare conversations · Atelier" };

export default async function Page({ params }: { params: Promise<{ id: string; otherId: string }> }) {
  // Any role may read conversations, so any role may compare two.
  await requirePagePrincipal();
  const { id, otherId } = await params;
  return (
    <>
      <PageHeader
        title="Compare conversations"
        description="Two conversations turn by turn: where their paths diverged, what each answered and called, and what it cost."
      />
      <ConversationCompareView id={decodeURIComponent(id)} otherId={decodeURIComponent(otherId)} />
    </>
  );
}
