/**
 * ESLint: the Next.js rules (core web vitals) and typescript-eslint's, checked by `npm test`.
 * Formatting is Prettier's (.prettierrc.json), not ESLint's.
 */
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // A leading underscore marks a binding kept on purpose (a destructured field left out, an unused parameter).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      // These two are React Compiler rules and the app does not use the compiler: the editors keep the latest callback in a ref, and reset a form from freshly fetched data in an effect, on purpose.
      "react-hooks/refs": "off",
      "react-hooks/set-state-in-effect": "off",
      // Sign-in, setup and sign-out reload the whole page on purpose, so the server components read the new session cookie.
      "@next/next/no-location-assign-relative-destination": "off",
    },
  },
  globalIgnores([
    ".next/**",
    "out/**",
    "build/**",
    "next-env.d.ts",
    "lib/db/generated/**",
    "test-results/**",
    "playwright-report/**",
    "data/**",
  ]),
]);
