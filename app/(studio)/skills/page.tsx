import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { PageHeader } from "@/components/shell/page-header";
import { SkillsLibrary } from "@/components/skills/skills-library";

export const metadata = { title: "Skills · Atelier" };

export default async function Page() {
  await requirePagePrincipal();
  return (
    <>
      <PageHeader
        title="Skills"
        description="SKILL.md instructions and resource files agents load when a task needs them: authored here, imported, or read from the server's skills directories."
      />
      <SkillsLibrary />
    </>
  );
}
