/**
 * A prerendered page paints before its JavaScript competes for the network: the module preloads
 * React Router writes into <head> are taken out and added back by a small script after the first
 * frame. On a slow connection the stylesheet and the HTML come first, and the modules still load
 * in parallel rather than as an import waterfall (docs/decisions/0012).
 */
export function deferModulePreloads(html: string): string {
  const hrefs: string[] = [];
  const withoutPreloads = html.replace(/<link rel="modulepreload" href="([^"]+)"\/>/g, (_tag, href: string) => {
    hrefs.push(href);
    return "";
  });
  if (hrefs.length === 0) return html;
  // The same text on every page (one hash in every page's Content-Security-Policy); the list is in an attribute.
  const script = `<script data-modules="${hrefs.join(" ")}">{const hrefs=document.currentScript.dataset.modules.split(" ");requestAnimationFrame(()=>setTimeout(()=>{for(const href of hrefs){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}}))}</script>`;
  return withoutPreloads.replace("</body>", `${script}</body>`);
}
