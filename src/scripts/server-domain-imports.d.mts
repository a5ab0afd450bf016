/** Types of server-domain-imports.mjs. */
export type FolderImports = Map<string, Set<string>>;
export function folderImports(dir?: string): FolderImports;
export function mutualPairs(edges: FolderImports): [string, string][];
export function cycles(edges: FolderImports): string[][];
