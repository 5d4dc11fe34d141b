import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { ExperimentPage } from "@/components/evals/experiment-page";

export const metadata = { title: "Experiment · Evals · Atelier" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  await requirePagePrincipal();
  const { id } = await params;
  return <ExperimentPage id={id} />;
}
