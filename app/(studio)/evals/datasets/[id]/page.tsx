import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { DatasetPage } from "@/components/evals/dataset-view";

export const metadata = { title: "Dataset · Evals · Atelier" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  await requirePagePrincipal();
  const { id } = await params;
  return <DatasetPage id={id} />;
}
