import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { Home } from "@/components/home/home";
import { findDemoPath } from "@/lib/demo/demo-path";
import { server } from "@/lib/server/server";

export const metadata = { title: "Home · Atelier" };

/** Where the studio opens: what it does, the guided demo path (while the demo agents exist), the workspace at a glance. */
export default async function HomePage() {
  await requirePagePrincipal();
  const demo = await findDemoPath(server().db);
  return <Home demo={demo} />;
}
