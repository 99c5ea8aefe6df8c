import checkFile from "eslint-plugin-check-file";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/**", "node_modules/**", ".react-router/**", "data/**", "drizzle/**"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "check-file": checkFile },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
      "check-file/filename-naming-convention": [
        "error",
        { "**/*.{ts,tsx}": "KEBAB_CASE" },
        { ignoreMiddleExtensions: true },
      ],
      "check-file/folder-naming-convention": ["error", { "{app,server,domain,tests,scripts}/**/": "KEBAB_CASE" }],
    },
  },
  {
    // Imports run one way: app -> domain, server -> domain; domain imports neither.
    files: ["domain/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "zod", message: "domain/ schemas reach the browser: use zod/mini (docs/decisions/0011)." }],
          patterns: [{ group: ["#app/*", "#server/*", "**/app/**", "**/server/**", "react", "react-dom", "react-router", "node:*", "fastify", "drizzle-orm*", "pg"], message: "domain/ is pure: it imports neither app/ nor server/ nor I/O libraries." }],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["#server/*", "**/server/**", "node:*", "fastify", "drizzle-orm*", "pg", "better-auth", "better-auth/*"], message: "app/ runs in the browser: it may import domain/, never server/." }] }],
    },
  },
  {
    files: ["server/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["#app/*", "**/app/**", "react", "react-dom", "react-router"], message: "server/ may import domain/, never app/." }] }],
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": ["error", { selector: "CallExpression[callee.name='alert']", message: "Use an accessible dialog or toast, never window.alert." }],
    },
  },
);
