export type ClientManifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[] }>;
};

/** The JavaScript modules a first visit to a route loads: the entry plus every route on its branch. */
export function routeInitialJs(manifest: ClientManifest, routeId: string): string[] {
  const modules = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  const chain: string[] = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) chain.unshift(id);
  for (const id of chain) {
    const route = manifest.routes[id]!;
    modules.add(route.module);
    for (const url of route.imports ?? []) modules.add(url);
  }
  return [...modules];
}
