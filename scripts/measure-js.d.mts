// Types of measure-js.mjs for the TypeScript test that imports it.
import type { Page } from "@playwright/test";

export const CODINGS: ["gzip", "br"];
export interface ScriptWeight {
  file: string;
  gzip: number;
  br: number;
}
export interface PageWeight {
  files: ScriptWeight[];
  gzip: number;
  br: number;
}
export function encodedSize(url: string, coding: "gzip" | "br"): Promise<number>;
export function pageScripts(page: Page, url: string): Promise<string[]>;
export function weighScripts(urls: string[]): Promise<PageWeight>;
export function measurePage(page: Page, url: string): Promise<PageWeight>;
export function kb(bytes: number): string;
export function signIn(page: Page, base: string, password: string): Promise<void>;
