import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { PageHeader } from "@/components/shell/page-header";
import { ApprovalsInbox } from "@/components/approvals/approvals-inbox";

export const metadata = { title: "Approvals · Atelier" };

export default async function Page() {
  await requirePagePrincipal();
  return (
    <>
      <PageHeader
        title="Approvals"
        description="Side-effecting calls held for a human decision, across all conversations."
      />
      <ApprovalsInbox />
    </>
  );
}
