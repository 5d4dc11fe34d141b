import type { ReactNode } from "react";
import { requirePagePrincipal } from "@/app/_auth/page-principal";
import { Nav } from "@/components/shell/nav";
import { ViewerProvider } from "@/components/shell/viewer-context";

export const dynamic = "force-dynamic";

export default async function StudioLayout({ children }: { children: ReactNode }) {
  const viewer = await requirePagePrincipal();
  return (
    <ViewerProvider viewer={viewer}>
      {/* The first thing a keyboard reaches: past the navigation, straight to the page. */}
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <div className="shell">
        <Nav />
        <main className="main" id="main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </ViewerProvider>
  );
}
