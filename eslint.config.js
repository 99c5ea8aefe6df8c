import checkFile from "eslint-plugin-check-file";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * `no-restricted-imports` as an allowlist: any import whose specifier does not start with one of
 * `allowed` (regular expressions, anchored at the start) is refused with `message`.
 */
const onlyImports = (allowed, message, paths = []) => [
  "error",
  { paths, patterns: [{ regex: `^(?!(?:${allowed.join("|")}))`, caseSensitive: true, message }] },
];
/** A relative import that stays clear of the other layers' folders. */
const relative = (...otherLayers) => `\\.{1,2}/(?!(?:[^/]*/)*?(?:${otherLayers.join("|")})/)`;

const domainImports = [relative("app", "server", "tests", "scripts"), "zod/mini$", "zod$"];
const domainMessage =
  "domain/ is pure: it imports only domain/ files (relative) and zod/mini, never app/, server/ or I/O libraries.";
const domainZod = [{ name: "zod", message: "domain/ schemas reach the browser: use zod/mini (docs/decisions/0011)." }];
const appImports = [
  relative("server", "domain", "tests", "scripts"),
  "#domain/",
  "react(?:/|$)",
  "react-dom(?:/|$)",
  "react-router(?:/|$)",
  "@react-router/",
  "zod/mini$",
  "recharts$",
  // The signer's ceremony only: a drawn signature's canvas, and the script font of a typed one.
  "signature_pad$",
  "@fontsource/dancing-script/",
];
const appMessage =
  "app/ runs in the browser: it imports app/ files, #domain/*, React, React Router, zod/mini, recharts (the back office's charts, lazy-loaded), signature_pad and the Dancing Script font (the signer's ceremony), never server/, Node or server libraries (a new browser library is added to this list on purpose).";
const testLibraries = ["vitest$", "fast-check$"];

/**
 * The server's subject folders in layers, lowest first (docs/decisions/0021-subject-folders.md): a
 * folder imports only folders of lower layers, never one of its own layer or above, so no loop
 * between folders can be written. server/shared imports no subject; the framework files (server/
 * root, server/db, server/plugins) are outside the layers. A new folder is added to a layer
 * (scripts/test/server-layers.test.ts fails while one is missing).
 */
export const serverLayers = [
  ["monitoring", "audit"],
  ["mail"],
  ["vendors"],
  ["auth"],
  ["webhooks", "api-keys"],
  ["accounts"],
  ["applicant-mails", "working-calendar"],
  ["response-times"],
  ["duplicates", "partners"],
  ["deals"],
  ["calculator", "questionnaire"],
  ["leads"],
  ["quotes"],
  ["stips"],
  ["adverse-action", "api-v1", "back-office-summary", "widget", "site", "team"],
  // A deal every funder declined goes the adverse-action way (docs/product-rules.md#r54-the-funder-network).
  ["funders"],
  ["applicant-portal"],
  // The agreement package reads the approval (funders), the stips and the deal's update.
  ["signing"],
  // Funding reads the payout account and accrues the earnings; payouts pay the approved fundings.
  ["earnings", "payout-accounts"],
  ["funding"],
  ["payouts"],
  ["backup", "retention"],
  ["demo"],
];
const subjectFolder = (name) => `./server/${name}`;
const layerZones = [
  {
    target: "./server/shared",
    from: serverLayers.flat().map(subjectFolder),
    message: "server/shared holds building blocks: it imports no subject folder (ADR 0021).",
  },
  ...serverLayers
    .flatMap((layer, index) =>
      layer.map((name) => ({
        target: subjectFolder(name),
        from: serverLayers
          .slice(index)
          .flat()
          .filter((other) => other !== name)
          .map(subjectFolder),
        message: `server/${name} is in layer ${index + 1} of serverLayers (eslint.config.js): it imports only folders of lower layers (ADR 0021).`,
      })),
    )
    .filter((zone) => zone.from.length > 0),
];
/** The tables are imported from their subject's tables.ts; schema.ts only composes them for drizzle. */
const schemaZone = {
  target: "./",
  from: "./server/db/schema.ts",
  message: "Import a table from its subject's tables.ts: server/db/schema.ts only composes them for drizzle.",
};
const schemaImporters = [
  "server/db/client.ts",
  "drizzle.config.ts",
  "scripts/test/architecture-map.test.ts",
  "server/retention/purge-expired-data.test.ts",
  "server/backup/rotate-encrypted-fields.test.ts",
];
const restrictedPaths = (zones) => ["error", { basePath: import.meta.dirname, zones }];

const fetchInEffect = {
  selector: "CallExpression[callee.name=/^(useEffect|useLayoutEffect)$/] CallExpression[callee.name=/^(call|fetch)$/]",
  message: "Load data in a clientLoader and change it in a clientAction or a fetcher, not in an effect (ADR 0015).",
};
const noAlert = {
  selector: "CallExpression[callee.name='alert']",
  message: "Use an accessible dialog or toast, never window.alert.",
};
const inlineRoute = {
  selector: "CallExpression[callee.object.name='app'][callee.property.name=/^(get|post|put|patch|delete|route)$/]",
  message: "Register routes from their contract in domain/<subject>/ with registerEndpoint (ADR 0015).",
};

export default tseslint.config(
  { ignores: ["build/**", "node_modules/**", ".react-router/**", "data/**", "drizzle/**", "public/widget.js"] },
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
    // Promises are awaited, returned or explicitly voided; none is passed where a void callback is expected.
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      // An async onClick/onSubmit is common in app/ and React ignores what a handler returns.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Imports run one way: app -> domain, server -> domain; domain imports neither. Allowlists for domain/ and app/.
    files: ["domain/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": onlyImports(domainImports, domainMessage, domainZod) },
  },
  {
    files: ["domain/**/*.test.ts"],
    rules: { "no-restricted-imports": onlyImports([...domainImports, ...testLibraries], domainMessage, domainZod) },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": onlyImports(appImports, appMessage) },
  },
  {
    files: ["app/**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": onlyImports([...appImports, ...testLibraries], appMessage) },
  },
  {
    files: ["server/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "**/app/**",
                "react",
                "react/*",
                "react-dom",
                "react-dom/*",
                "react-router",
                "react-router/*",
                "@react-router/*",
              ],
              message: "server/ may import domain/, never app/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createNodeResolver()],
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    ignores: schemaImporters,
    rules: { "import-x/no-restricted-paths": restrictedPaths([schemaZone]) },
  },
  {
    // No file-level cycle in the server, and its folders' layers (tests may import across them).
    files: ["server/**/*.ts"],
    ignores: ["**/*.test.ts", ...schemaImporters],
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": restrictedPaths([...layerZones, schemaZone]),
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-restricted-syntax": ["error", noAlert] },
  },
  {
    // Every route of a subject folder is registered from its contract. The routes without a contract
    // by nature are plugins: the better-auth handler (auth/auth-plugin.ts), GET /metrics
    // (monitoring/metrics-plugin.ts), the prerendered pages and static files (site/static-site-plugin.ts).
    files: ["server/*/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*-plugin.ts", "server/plugins/**"],
    rules: { "no-restricted-syntax": ["error", noAlert, inlineRoute] },
  },
  {
    // Screens load with route loaders and change data with actions or fetchers (ADR 0015). The
    // session warning's timer is the one effect that reads the API: it watches the session's end.
    files: ["app/**/*.tsx"],
    ignores: ["**/*.test.tsx", "app/features/back-office/session-timeout-warning.tsx"],
    rules: { "no-restricted-syntax": ["error", noAlert, fetchInEffect] },
  },
);
