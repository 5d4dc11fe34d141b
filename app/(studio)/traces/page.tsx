import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { PageHeader } from "@/components/shell/page-header";
import { RunsList } from "@/components/runs/runs-list";

export const metadata = { title: "Traces · Atelier" };

export default async function Page() {
  await requirePagePrincipal();
  return (
    <>
      <PageHeader title="Traces" description="Every run: model requests, tool calls, approvals and compactions." />
      <RunsList />
    </>
  );
}
