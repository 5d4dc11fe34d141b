import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { SkillPage } from "@/components/skills/skill-page";

export const metadata = { title: "New skill · Atelier" };

export default async function Page() {
  await requirePagePrincipal();
  return <SkillPage name={null} />;
}
