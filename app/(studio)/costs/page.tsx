import { requirePagePrincipal, viewerHas } from "@/app/_auth/page-principal";
import { BudgetBanner } from "@/components/budgets/budget-banner";
import { BudgetsSection } from "@/components/budgets/budgets-section";
import { PageHeader } from "@/components/shell/page-header";
import { CostsDashboard } from "@/components/costs/costs-dashboard";

export const metadata = { title: "Costs · Atelier" };

export default async function Page() {
  const viewer = await requirePagePrincipal();
  return (
    <>
      <PageHeader title="Costs" description="Tokens and cost by model, agent, run and day." />
      <BudgetBanner />
      <CostsDashboard />
      <BudgetsSection canManage={viewerHas(viewer, ["admin"])} />
    </>
  );
}
