import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { ExperimentComparePage } from "@/components/evals/experiment-compare";

export const metadata = { title: "Compare experiments · Evals · Atelier" };

export default async function Page({ params }: { params: Promise<{ id: string; otherId: string }> }) {
  await requirePagePrincipal();
  const { id, otherId } = await params;
  return <ExperimentComparePage id={id} otherId={otherId} />;
}
