import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { resolvePublicConfig } from "./domain/site/public-config.ts";

// The browser's whole view of the configuration: brand and public URL, fixed at build time
// because public pages are prerendered.
const publicConfig = resolvePublicConfig(process.env);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: { __PUBLIC_CONFIG__: JSON.stringify(publicConfig) },
  build: { reportCompressedSize: false },
  // `npm run dev` runs the API beside Vite.
  server: { proxy: { "/api": `http://127.0.0.1:${process.env.API_PORT ?? "3000"}` } },
});
