import Link from "next/link";

export default function NotFound() {
  return (
    <div className="empty">
      <h2>Page not found</h2>
      <p className="muted">
        There is no page at this address. <Link href="/tools">Go to Tools</Link>.
      </p>
    </div>
  );
}
