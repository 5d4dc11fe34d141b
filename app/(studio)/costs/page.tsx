import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { PageHeader } from "@/components/shell/page-header";
import { CostsDashboard } from "@/components/costs/costs-dashboard";

export const metadata = { title: "Costs · Atelier" };

export default async function Page() {
  await requirePagePrincipal();
  return (
    <>
      <PageHeader title="Costs" description="Tokens and cost by model, agent, run and day." />
      <CostsDashboard />
    </>
  );
}
