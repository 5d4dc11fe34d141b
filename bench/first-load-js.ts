/**
 * First-load JavaScript of a studio page, as docs/canvas-performance.md and the tool editor
 * benchmark define it: the JS chunks the page's HTML references (`<script src>` and script
 * preloads), each gzipped at level 9, summed. Used by bench/tool-editor-keystroke.bench.ts (every
 * page) and e2e/canvas-bundle.spec.ts (the /canvas budget), so both count the same bytes.
 */
import { gzipSync } from "node:zlib";

export interface PageWeight {
  path: string;
  /** The HTTP status of the page's HTML (a 404 page has chunks too: callers check it). */
  status: number;
  /** Where the request ended after redirects (a page that wants a sign-in redirects to it). */
  finalPath: string;
  chunks: number;
  gzip: number;
  raw: number;
  monaco: boolean;
}

const chunkCache = new Map<string, Buffer>();

/** A static file's bytes, fetched once per process (chunks are immutable, named by their hash). */
export async function chunk(base: string, src: string): Promise<Buffer> {
  const cached = chunkCache.get(src);
  if (cached) return cached;
  const res = await fetch(new URL(src, base));
  const buf = Buffer.from(await res.arrayBuffer());
  chunkCache.set(src, buf);
  return buf;
}

export const isMonaco = (js: Buffer) => {
  const s = js.toString("utf8");
  return s.includes("MonacoEnvironment") || s.includes("monaco-editor") || s.includes("vs/editor/");
};

/** The scripts a page's HTML makes the browser load before it is interactive, in document order. */
export function referencedScripts(html: string): string[] {
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js[^"]*)"/g)) srcs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="preload"[^>]+as="script"[^>]+href="([^"]+)"/g)) srcs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+href="([^"]+\.js)"[^>]+rel="preload"[^>]+as="script"/g)) srcs.add(m[1]);
  return [...srcs];
}

/** The JS a page's HTML makes the browser load before it is interactive; `token` signs the page request in. */
export async function firstLoad(base: string, pagePath: string, token: string): Promise<PageWeight> {
  const res = await fetch(new URL(pagePath, base), { headers: { authorization: `Bearer ${token}` } });
  const html = await res.text();
  const srcs = referencedScripts(html);
  let gzip = 0;
  let raw = 0;
  let monaco = false;
  for (const src of srcs) {
    const js = await chunk(base, src);
    raw += js.length;
    gzip += gzipSync(js, { level: 9 }).length;
    monaco ||= isMonaco(js);
  }
  return {
    path: pagePath,
    status: res.status,
    finalPath: new URL(res.url).pathname,
    chunks: srcs.length,
    gzip,
    raw,
    monaco,
  };
}
