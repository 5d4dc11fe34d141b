import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { DatasetsList } from "@/components/evals/datasets-list";
import { PageHeader } from "@/components/shell/page-header";

export const metadata = { title: "Evals · Atelier" };

export default async function Page() {
  await requirePagePrincipal();
  return (
    <>
      <PageHeader
        title="Evals"
        description="Datasets of cases — a message and what the answer and the agent's behaviour must be. Open a dataset to run an agent version over it as an experiment, and compare two experiments."
      />
      <DatasetsList />
    </>
  );
}
