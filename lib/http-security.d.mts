/** Types of http-security.mjs (plain JavaScript: next.config.mjs loads it before anything is compiled). */
export interface SecurityHeaderOptions {
  /** The Next.js development server: React's development build needs `eval`. */
  dev?: boolean;
}
export function cspDirectives(options?: SecurityHeaderOptions): Array<[string, string[]]>;
export function contentSecurityPolicy(options?: SecurityHeaderOptions): string;
export function securityHeaders(options?: SecurityHeaderOptions): Array<{ key: string; value: string }>;
