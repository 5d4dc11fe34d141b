/**
 * The security headers of every response the studio sends — pages, API routes and static files —
 * set once by next.config.mjs (`headers()`). Plain JavaScript because Node loads next.config.mjs
 * (and so this module) before anything is compiled; its types are in http-security.d.mts.
 *
 * The Content Security Policy allows nothing from other origins. It is a static policy with
 * `script-src 'self' 'unsafe-inline'`, not a per-request nonce from proxy.ts (docs/architecture.md,
 * "Security headers"): Next.js streams its hydration data as inline scripts; a nonce would force
 * every page to render per request and run the proxy on every request, while the studio never
 * renders HTML it did not build (model text goes through the React markdown renderer, no raw HTML).
 * What Monaco needs is listed: workers from our origin or `blob:`, injected `<style>` elements and
 * inline style attributes, its icon font and `data:` images.
 */

/**
 * The policy's directives, in order.
 * @param {{ dev?: boolean }} [options] `dev`: the Next.js development server (React needs `eval` there).
 * @returns {Array<[string, string[]]>}
 */
export function cspDirectives({ dev = false } = {}) {
  return [
    ["default-src", ["'self'"]],
    // Next.js's inline hydration scripts; `eval` only for React's development build.
    ["script-src", ["'self'", "'unsafe-inline'", ...(dev ? ["'unsafe-eval'"] : [])]],
    // React style attributes, and the <style> elements Monaco injects.
    ["style-src", ["'self'", "'unsafe-inline'"]],
    // Monaco's icons as data: URLs; blob: for downloads made in the page.
    ["img-src", ["'self'", "data:", "blob:"]],
    // Monaco's codicon font, bundled (a file, or inlined as data:).
    ["font-src", ["'self'", "data:"]],
    // fetch and the event streams: this origin only.
    ["connect-src", ["'self'"]],
    // Monaco's editor and TypeScript workers, bundled; blob: for its worker bootstrap.
    ["worker-src", ["'self'", "blob:"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
}

/**
 * The Content-Security-Policy header's value.
 * @param {{ dev?: boolean }} [options]
 * @returns {string}
 */
export function contentSecurityPolicy(options = {}) {
  return cspDirectives(options)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/**
 * Every security header, as next.config.mjs's `headers()` takes them.
 * @param {{ dev?: boolean }} [options]
 * @returns {Array<{ key: string; value: string }>}
 */
export function securityHeaders(options = {}) {
  return [
    { key: "Content-Security-Policy", value: contentSecurityPolicy(options) },
    // Never guess a content type: a JSON answer or an uploaded text is never run as a script.
    { key: "X-Content-Type-Options", value: "nosniff" },
    // Full referrer to our own pages (nothing relies on it), none to other sites.
    { key: "Referrer-Policy", value: "same-origin" },
    // frame-ancestors 'none' for browsers that predate it.
    { key: "X-Frame-Options", value: "DENY" },
  ];
}
