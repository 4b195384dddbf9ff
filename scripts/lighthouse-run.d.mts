// Types of lighthouse-run.mjs for the TypeScript test that imports it.
export const CATEGORIES: string[];
export interface PageAudit {
  url: string;
  scores: Record<string, number>;
  failing: Record<string, string[]>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  scriptBytes: number;
}
export interface Chromium {
  port: number;
  kill(): Promise<void>;
}
export function auditPaths(baseUrl: string): Promise<string[]>;
export function startAuditServer(buildDir?: string): Promise<{ url: string; stop(): Promise<void> }>;
export function launchChromium(): Promise<Chromium>;
export function auditPage(chrome: Chromium, url: string, categories?: string[]): Promise<PageAudit>;
