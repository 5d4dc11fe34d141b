"use client";
/** Renders model text as markdown through React elements (see ./markdown): no raw HTML ever. */
import { Fragment, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { linkTarget, parseMarkdown, UNKNOWN_ORIGIN, type Block, type Inline } from "./markdown";

const noSubscription = () => () => {};
const pageOrigin = () => window.location.origin;
const serverOrigin = () => UNKNOWN_ORIGIN;

/** The page's origin in the browser; a reserved one while rendering on the server and hydrating. */
function useOrigin(): string {
  return useSyncExternalStore(noSubscription, pageOrigin, serverOrigin);
}

function inlines(nodes: Inline[], origin: string): ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.type) {
      case "text":
        return <Fragment key={i}>{n.text}</Fragment>;
      case "strong":
        return <strong key={i}>{inlines(n.children, origin)}</strong>;
      case "em":
        return <em key={i}>{inlines(n.children, origin)}</em>;
      case "code":
        return <code key={i}>{n.text}</code>;
      case "br":
        return <br key={i} />;
      case "link": {
        // Classified by where the browser resolves it (`/\\host` is off-site), never by its spelling.
        const target = linkTarget(n.href, origin);
        if (!target) return <Fragment key={i}>{inlines(n.children, origin)}</Fragment>;
        return (
          <a
            key={i}
            href={target.href}
            {...(target.external ? { target: "_blank", rel: "noopener noreferrer nofollow" } : {})}
          >
            {inlines(n.children, origin)}
          </a>
        );
      }
    }
  });
}

function blocks(nodes: Block[], origin: string, tight = false): ReactNode[] {
  return nodes.map((b, i) => {
    switch (b.type) {
      case "paragraph":
        return tight ? (
          <Fragment key={i}>{inlines(b.children, origin)}</Fragment>
        ) : (
          <p key={i}>{inlines(b.children, origin)}</p>
        );
      case "heading": {
        const Tag = `h${Math.min(6, b.level + 2)}` as "h3";
        return <Tag key={i}>{inlines(b.children, origin)}</Tag>;
      }
      case "code":
        return (
          <pre key={i} className="md-code" data-lang={b.lang || undefined}>
            <code>{b.text}</code>
          </pre>
        );
      case "list": {
        const items = b.items.map((item, j) => (
          <li key={j}>{blocks(item, origin, item.length === 1 && item[0].type === "paragraph")}</li>
        ));
        return b.ordered ? (
          <ol key={i} start={b.start !== 1 ? b.start : undefined}>
            {items}
          </ol>
        ) : (
          <ul key={i}>{items}</ul>
        );
      }
      case "quote":
        return <blockquote key={i}>{blocks(b.children, origin)}</blockquote>;
      case "rule":
        return <hr key={i} />;
    }
  });
}

export function Markdown({ text, streaming = false }: { text: string; streaming?: boolean }) {
  const tree = useMemo(() => parseMarkdown(text), [text]);
  const origin = useOrigin();
  return (
    <div className="md">
      {blocks(tree, origin)}
      {streaming ? <span className="cv-cursor" aria-hidden="true" /> : null}
    </div>
  );
}
