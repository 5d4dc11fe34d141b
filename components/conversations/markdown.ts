/**
 * A small markdown parser for model answers: paragraphs (single newlines kept as line breaks),
 * headings, **bold**, *italic*, `code`, fenced code blocks, bullet and numbered lists (nested by
 * indentation), block quotes, rules and [links](https://…). It builds a tree that the renderer
 * turns into React elements — no HTML string ever reaches the page. Incomplete input (an answer
 * still streaming) parses too: an unclosed fence is a code block up to the end, an unclosed `**`
 * is plain text.
 */

export type Inline =
  | { type: "text"; text: string }
  | { type: "strong"; children: Inline[] }
  | { type: "em"; children: Inline[] }
  | { type: "code"; text: string }
  | { type: "link"; href: string; children: Inline[] }
  | { type: "br" };

export type Block =
  | { type: "paragraph"; children: Inline[] }
  | { type: "heading"; level: number; children: Inline[] }
  | { type: "code"; lang: string; text: string }
  | { type: "list"; ordered: boolean; start: number; items: Block[][] }
  | { type: "quote"; children: Block[] }
  | { type: "rule" };

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^( *)([-*+])\s+(.*)$/;
const ORDERED = /^( *)(\d{1,9})[.)]\s+(.*)$/;
const QUOTE = /^ {0,3}>\s?(.*)$/;
const RULE = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;

/** The schemes a link may resolve to; anything else (javascript:, data:, …) stays text. */
const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/**
 * The origin links are resolved against when the page's own is not known (server rendering). No
 * real site has it (`.invalid` is reserved), so a link that resolves anywhere else is external.
 */
export const UNKNOWN_ORIGIN = "https://atelier.invalid";

function resolve(href: string, origin: string): URL | null {
  try {
    return new URL(href, origin);
  } catch {
    return null;
  }
}

/**
 * Whether a link target may become a link: it must resolve (the way a browser does, stripping
 * control characters and reading `\` as `/`) to http, https or mailto. Where it leads is decided
 * when it is rendered, by `linkTarget`.
 */
export function safeHref(href: string): string | null {
  const h = href.trim();
  const url = resolve(h, UNKNOWN_ORIGIN);
  return url && LINK_PROTOCOLS.has(url.protocol) ? h : null;
}

/**
 * Classifies a link by the origin the browser resolves it to from a page of `origin` — not by how
 * it is spelled: `/\evil.com`, `\\evil.com` and `//evil.com` all leave the site. An external link
 * is answered with its resolved URL (what the browser would open); an internal one keeps its
 * spelling. `null` for targets that must not be links.
 */
export function linkTarget(href: string, origin: string): { href: string; external: boolean } | null {
  const h = href.trim();
  const url = resolve(h, origin);
  if (!url || !LINK_PROTOCOLS.has(url.protocol)) return null;
  const external = url.origin !== new URL(origin).origin;
  return { href: external ? url.href : h, external };
}

function listMarker(line: string): { indent: number; ordered: boolean; start: number; rest: string } | null {
  const b = BULLET.exec(line);
  if (b && !RULE.test(line)) return { indent: b[1].length, ordered: false, start: 1, rest: b[3] };
  const o = ORDERED.exec(line);
  if (o) return { indent: o[1].length, ordered: true, start: Number(o[2]), rest: o[3] };
  return null;
}

function startsBlock(line: string): boolean {
  return FENCE.test(line) || HEADING.test(line) || QUOTE.test(line) || RULE.test(line) || listMarker(line) !== null;
}

export function parseMarkdown(src: string): Block[] {
  return parseBlocks(src.replace(/\r\n?/g, "\n").split("\n"));
}

function parseBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1];
      const body: string[] = [];
      i++;
      const closes = (l: string) => {
        const m = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(l);
        return !!m && m[1][0] === marker[0] && m[1].length >= marker.length;
      };
      while (i < lines.length && !closes(lines[i])) {
        body.push(lines[i]);
        i++;
      }
      i++; // the closing fence (or past the end while streaming)
      blocks.push({ type: "code", lang: fence[2] ?? "", text: body.join("\n") });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: "heading", level: heading[1].length, children: parseInline(heading[2]) });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: "rule" });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i])) {
        body.push(QUOTE.exec(lines[i])![1]);
        i++;
      }
      blocks.push({ type: "quote", children: parseBlocks(body) });
      continue;
    }
    const marker = listMarker(line);
    if (marker) {
      const items: Block[][] = [];
      let current: string[] | null = null;
      const flush = () => {
        if (current) items.push(parseBlocks(current));
      };
      while (i < lines.length) {
        const l = lines[i];
        const m = listMarker(l);
        if (m && m.indent <= marker.indent + 1 && m.ordered === marker.ordered) {
          flush();
          current = [m.rest];
          i++;
          continue;
        }
        if (m && m.indent <= marker.indent + 1) break; // another kind of list at this level
        if (!l.trim()) {
          // A blank line continues the list only when indented content or another item follows.
          const next = lines[i + 1];
          if (next !== undefined && (/^\s{2,}\S/.test(next) || (listMarker(next)?.indent ?? 99) <= marker.indent + 1)) {
            current?.push("");
            i++;
            continue;
          }
          break;
        }
        if (/^\s{2,}\S/.test(l) || (m && m.indent > marker.indent + 1)) {
          current?.push(l.replace(new RegExp(`^ {0,${marker.indent + 4}}`), ""));
          i++;
          continue;
        }
        if (startsBlock(l)) break;
        current?.push(l); // a lazy continuation line
        i++;
      }
      flush();
      blocks.push({ type: "list", ordered: marker.ordered, start: marker.start, items });
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && lines[i].trim() && !(para.length && startsBlock(lines[i]))) {
      para.push(lines[i].trim());
      i++;
    }
    blocks.push({ type: "paragraph", children: parseInline(para.join("\n")) });
  }
  return blocks;
}

const isWordChar = (c: string | undefined) => !!c && /[\p{L}\p{N}]/u.test(c);
const ESCAPABLE = "\\`*_{}[]()#+-.!>~|";

/** Finds a closing delimiter that may close (not preceded by whitespace), from `from`. */
function findClose(s: string, delim: string, from: number): number {
  let j = from;
  while (j < s.length) {
    const k = s.indexOf(delim, j);
    if (k < 0) return -1;
    if (s[k - 1] === "\\") {
      j = k + 1;
      continue;
    }
    const before = s[k - 1];
    const after = s[k + delim.length];
    const underscore = delim[0] === "_";
    if (k > from && before && !/\s/.test(before) && (!underscore || !isWordChar(after))) {
      // A single `*` must not be half of a `**`.
      if (delim.length === 1 && s[k + 1] === delim && s[k - 1] !== delim) {
        j = k + 2;
        continue;
      }
      // In a run like `***` the strong closes at its end (the inner `*` closes the emphasis).
      let end = k;
      while (s[end] === delim[0]) end++;
      return delim.length === 2 && end - k > 2 ? end - 2 : k;
    }
    j = k + delim.length;
  }
  return -1;
}

export function parseInline(s: string): Inline[] {
  const out: Inline[] = [];
  let text = "";
  const flush = () => {
    if (text) out.push({ type: "text", text });
    text = "";
  };
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === "\\" && i + 1 < s.length && ESCAPABLE.includes(s[i + 1])) {
      text += s[i + 1];
      i += 2;
      continue;
    }
    if (c === "\n") {
      flush();
      out.push({ type: "br" });
      i++;
      continue;
    }
    if (c === "`") {
      let ticks = 1;
      while (s[i + ticks] === "`") ticks++;
      const delim = "`".repeat(ticks);
      const end = s.indexOf(delim, i + ticks);
      if (end >= 0) {
        flush();
        let code = s.slice(i + ticks, end);
        if (/^ .* $/.test(code)) code = code.slice(1, -1);
        out.push({ type: "code", text: code });
        i = end + ticks;
        continue;
      }
      text += delim;
      i += ticks;
      continue;
    }
    if ((c === "*" || c === "_") && s[i + 1] === c) {
      const delim = c + c;
      const canOpen = s[i + 2] !== undefined && !/\s/.test(s[i + 2]) && (c === "*" || !isWordChar(s[i - 1]));
      const end = canOpen ? findClose(s, delim, i + 2) : -1;
      if (end > i + 2) {
        flush();
        out.push({ type: "strong", children: parseInline(s.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
      text += delim;
      i += 2;
      continue;
    }
    if (c === "*" || c === "_") {
      const canOpen = s[i + 1] !== undefined && !/\s/.test(s[i + 1]) && (c === "*" || !isWordChar(s[i - 1]));
      const end = canOpen ? findClose(s, c, i + 1) : -1;
      if (end > i + 1) {
        flush();
        out.push({ type: "em", children: parseInline(s.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
      text += c;
      i++;
      continue;
    }
    if (c === "[") {
      const link = parseLink(s, i);
      if (link) {
        flush();
        const href = safeHref(link.href);
        if (href) out.push({ type: "link", href, children: parseInline(link.label) });
        else out.push(...parseInline(link.label));
        i = link.end;
        continue;
      }
    }
    text += c;
    i++;
  }
  flush();
  return out;
}

function parseLink(s: string, at: number): { label: string; href: string; end: number } | null {
  let depth = 0;
  let j = at;
  for (; j < s.length; j++) {
    if (s[j] === "\\") {
      j++;
      continue;
    }
    if (s[j] === "[") depth++;
    else if (s[j] === "]") {
      depth--;
      if (depth === 0) break;
    } else if (s[j] === "\n") return null;
  }
  if (j >= s.length || s[j + 1] !== "(") return null;
  const close = s.indexOf(")", j + 2);
  if (close < 0) return null;
  const target = s.slice(j + 2, close).trim();
  const href = target.replace(/\s+"[^"]*"$/, "").replace(/^<(.*)>$/, "$1");
  if (!href || /\s/.test(href)) return null;
  return { label: s.slice(at + 1, j), href, end: close + 1 };
}
