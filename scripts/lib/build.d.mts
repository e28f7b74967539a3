/** Types of build.mjs for the TypeScript callers (e2e/ownServer.ts, src/server/features/system/builtServer.test.ts). */
export function freePort(): Promise<number>;
export const API_MAIN: string;
export function webBuildIsStale(root: string): string | null;
export function apiBuildIsStale(root: string): string | null;
export function snapshotBuild(root: string, dir: string): void;
