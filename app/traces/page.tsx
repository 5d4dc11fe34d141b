import { PageHeader } from "@/components/shell/page-header";
import { RunsList } from "@/components/lists/runs-list";

export const metadata = { title: "Traces · Atelier" };

export default function Page() {
  return (
    <>
      <PageHeader title="Traces" description="Every run: model requests, tool calls, approvals and compactions." />
      <RunsList />
    </>
  );
}
