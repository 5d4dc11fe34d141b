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
  {
    // Errors are recognised by their brand, never by `instanceof` (lib/errors.ts, `BrandedError`):
    // Next.js loads one module twice in a process (route bundles, instrumentation.ts), and an
    // error built by one copy is not an instance of the other copy's class.
    files: ["**/*.ts", "**/*.tsx"],
    rules: {
      "no-restricted-syntax": ["error", ...errorBrandRules()],
    },
  },
  {
    files: ["lib/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...errorBrandRules(),
        {
          selector: "ClassDeclaration[superClass.name='Error']",
          message:
            "An error class in lib/ extends BrandedError or AppError (lib/errors.ts), so it can be recognised with X.is(err).",
        },
      ],
    },
  },
  globalIgnores([
    ".next/**",
    ".next-*/**",
    "out/**",
    "build/**",
    "next-env.d.ts",
    "lib/db/generated/**",
    "test-results/**",
    "playwright-report/**",
    "data/**",
  ]),
]);

/** Errors that are not ours (or live in one module graph: the browser's, the scripts'): `instanceof` is fine for them. */
function errorBrandRules() {
  const foreign = "^(Error|TypeError|RangeError|SyntaxError|DOMException|ZodError|ApiClientError|StartupError)$";
  return [
    {
      selector: `BinaryExpression[operator='instanceof'][right.name=/Error$/]:not([right.name=/${foreign}/])`,
      message:
        "Recognise the project's errors with X.is(err) (lib/errors.ts, BrandedError), not instanceof: a module loaded twice makes instanceof fail.",
    },
    {
      selector: `ClassDeclaration[superClass.name=/Error$/]:not([superClass.name=/${foreign}/]):not(:has(ClassBody > PropertyDefinition[static=true][key.name='kind']))`,
      message:
        'An error class declares its own `static override readonly kind = "ClassName"`: X.is(err) recognises it by that kind.',
    },
  ];
}
