import type { ReactNode } from "react";
import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { Nav } from "@/components/shell/nav";
import { ViewerProvider } from "@/components/shell/viewer-context";

export const dynamic = "force-dynamic";

export default async function StudioLayout({ children }: { children: ReactNode }) {
  const viewer = await requirePagePrincipal();
  return (
    <ViewerProvider viewer={viewer}>
      <div className="shell">
        <Nav />
        <main className="main">{children}</main>
      </div>
    </ViewerProvider>
  );
}
