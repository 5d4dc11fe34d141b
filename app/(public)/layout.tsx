import type { ReactNode } from "react";

export default function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="public">
      <div className="public-card">
        <div className="brand-lg">Atelier</div>
        {children}
      </div>
    </div>
  );
}
