import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { pageTitle } from "#domain/site/public-routes.ts";
import { ToastProvider } from "./components/ui/toast.tsx";
import {
  cookieConsentNoScriptStyle,
  hideAnsweredCookieConsentScript,
} from "./features/site-chrome/cookie-consent-head.ts";
import { brand } from "./lib/public-config.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle(brand.name, null) },
  {
    name: "description",
    content: `${brand.name}: equipment financing and leasing, working capital and lines of credit for US businesses.`,
  },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <script dangerouslySetInnerHTML={{ __html: hideAnsweredCookieConsentScript }} />
        <noscript>
          <style>{cookieConsentNoScriptStyle}</style>
        </noscript>
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <ToastProvider>
      <Outlet />
    </ToastProvider>
  );
}

export function HydrateFallback() {
  return (
    <p role="status" className="p-8 text-center text-slate-600">
      Loading…
    </p>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Something went wrong.";
  return (
    <main className="mx-auto max-w-xl p-8">
      <h1 className="text-2xl font-bold">{message}</h1>
      <p className="mt-4">
        Please try again, or call us at <a href={`tel:${brand.phone}`}>{brand.phone}</a>.
      </p>
    </main>
  );
}
