import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { SkillPage } from "@/components/skills/skill-page";

export const metadata = { title: "Skill · Atelier" };

export default async function Page({ params }: { params: Promise<{ name: string }> }) {
  await requirePagePrincipal();
  const { name } = await params;
  return <SkillPage name={decodeURIComponent(name)} />;
}
