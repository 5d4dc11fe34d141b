"use client";
/** Renders model text as markdown through React elements (see ./markdown): no raw HTML ever. */
import { Fragment, useMemo, type ReactNode } from "react";
import { parseMarkdown, type Block, type Inline } from "./markdown";

function inlines(nodes: Inline[]): ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.type) {
      case "text":
        return <Fragment key={i}>{n.text}</Fragment>;
      case "strong":
        return <strong key={i}>{inlines(n.children)}</strong>;
      case "em":
        return <em key={i}>{inlines(n.children)}</em>;
      case "code":
        return <code key={i}>{n.text}</code>;
      case "br":
        return <br key={i} />;
      case "link": {
        const external = /^(https?:|mailto:)/i.test(n.href);
        return (
          <a key={i} href={n.href} {...(external ? { target: "_blank", rel: "noopener noreferrer nofollow" } : {})}>
            {inlines(n.children)}
          </a>
        );
      }
    }
  });
}

function blocks(nodes: Block[], tight = false): ReactNode[] {
  return nodes.map((b, i) => {
    switch (b.type) {
      case "paragraph":
        return tight ? <Fragment key={i}>{inlines(b.children)}</Fragment> : <p key={i}>{inlines(b.children)}</p>;
      case "heading": {
        const Tag = `h${Math.min(6, b.level + 2)}` as "h3";
        return <Tag key={i}>{inlines(b.children)}</Tag>;
      }
      case "code":
        return (
          <pre key={i} className="md-code" data-lang={b.lang || undefined}>
            <code>{b.text}</code>
          </pre>
        );
      case "list": {
        const items = b.items.map((item, j) => (
          <li key={j}>{blocks(item, item.length === 1 && item[0].type === "paragraph")}</li>
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
        return <blockquote key={i}>{blocks(b.children)}</blockquote>;
      case "rule":
        return <hr key={i} />;
    }
  });
}

export function Markdown({ text, streaming = false }: { text: string; streaming?: boolean }) {
  const tree = useMemo(() => parseMarkdown(text), [text]);
  return (
    <div className="md">
      {blocks(tree)}
      {streaming ? <span className="cv-cursor" aria-hidden="true" /> : null}
    </div>
  );
}
