// `npm run dev`: the API restarts on change (node --watch) and the React app hot-reloads
// (Vite on http://localhost:5173, proxying /api to the API on port 3000).
import { spawn } from "node:child_process";

const apiPort = process.env.PORT ?? "3000";
const webUrl = "http://localhost:5173";
const children = [
  spawn(process.execPath, ["--watch", "--import", "tsx", "server/main.ts", "--api-only"], {
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? webUrl },
  }),
  spawn("npx", ["react-router", "dev", "--port", "5173"], {
    stdio: "inherit",
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => children.forEach((child) => child.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children)
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
