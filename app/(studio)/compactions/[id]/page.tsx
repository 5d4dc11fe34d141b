import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { CompactionDetailView } from "@/components/compactions/compaction-detail";
import { PageHeader } from "@/components/shell/page-header";

export const metadata = { title: "Compaction · Atelier" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  await requirePagePrincipal();
  const { id } = await params;
  return (
    <>
      <PageHeader title="Compaction" description="Its summary beside the messages it replaced, from the event log." />
      <CompactionDetailView id={decodeURIComponent(id)} />
    </>
  );
}
