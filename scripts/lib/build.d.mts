/** Types of build.mjs for the TypeScript callers (e2e/ownServer.ts). */
export function freePort(): Promise<number>;
export function snapshotBuild(root: string, dir: string): void;
