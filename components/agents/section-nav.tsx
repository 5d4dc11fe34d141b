"use client";
/**
 * The agent form's section navigation: a sticky list of the form's sections that scrolls to each
 * (focusing its heading) and marks the one on screen (`aria-current`, and in bold with a bar —
 * never by colour alone). Sections with a problem to fix say so.
 */
import { useEffect, useState } from "react";
import { FORM_SECTIONS } from "./agent-form-sections";

/** Scrolls to a section and moves the focus to its heading. */
export function goToSection(headingId: string): void {
  const heading = document.getElementById(headingId);
  if (!heading) return;
  const section = heading.closest("section") ?? heading;
  section.scrollIntoView({ block: "start" });
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
}

/** The section whose top has passed under the sticky bar last (the first one above the fold). */
function sectionOnScreen(offset: number): string {
  let current = FORM_SECTIONS[0].headingId;
  for (const s of FORM_SECTIONS) {
    const section = document.getElementById(s.headingId)?.closest("section");
    if (section && section.getBoundingClientRect().top <= offset) current = s.headingId;
  }
  // At the bottom of the page the last sections cannot reach the top: the last one is on screen.
  if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2)
    current = FORM_SECTIONS[FORM_SECTIONS.length - 1].headingId;
  return current;
}

export function SectionNav({ flagged }: { flagged: ReadonlySet<string> }) {
  const [current, setCurrent] = useState(FORM_SECTIONS[0].headingId);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setCurrent(sectionOnScreen(140)));
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, []);
  return (
    <nav className="section-nav" aria-label="Sections of the agent form" data-testid="section-nav">
      <ul>
        {FORM_SECTIONS.map((s) => (
          <li key={s.headingId}>
            <a
              href={`#${s.headingId}`}
              aria-current={current === s.headingId ? "true" : undefined}
              onClick={(e) => {
                e.preventDefault();
                goToSection(s.headingId);
                setCurrent(s.headingId);
              }}
            >
              {s.label}
              {flagged.has(s.headingId) ? (
                <span className="section-flag" title="has a problem to fix">
                  {" "}
                  ⚠<span className="visually-hidden"> (has a problem to fix)</span>
                </span>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
