import { PageHeader } from "@/components/shell/page-header";
import { ApprovalsInbox } from "@/components/lists/approvals-inbox";

export const metadata = { title: "Approvals · Atelier" };

export default function Page() {
  return (
    <>
      <PageHeader title="Approvals" description="Side-effecting calls held for a human decision, across all conversations." />
      <ApprovalsInbox />
    </>
  );
}
