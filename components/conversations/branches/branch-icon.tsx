/** A fork's mark (two paths from one point), drawn: the system fonts lack a glyph for it. Decorative. */
export function BranchIcon({ size = 12 }: { size?: number }) {
  return (
    <svg
      className="tt-branch-icon"
      width={size}
      height={size}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="4" cy="3" r="1.6" />
      <circle cx="4" cy="13" r="1.6" />
      <circle cx="12" cy="5" r="1.6" />
      <path d="M4 4.6v6.8M12 6.6c0 3-8 2.4-8 4.8" />
    </svg>
  );
}
