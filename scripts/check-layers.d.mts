// Types of check-layers.mjs for the TypeScript test that imports it.
export interface LayerRule {
  id: string;
  /** the rule as the report states it */
  text: string;
}
export interface ImportSite {
  specifier: string;
  /** 1-based */
  line: number;
  typeOnly: boolean;
}
export interface LayerViolation extends ImportSite {
  /** repo-relative, with forward slashes */
  file: string;
  rule: LayerRule;
}
export const RULES: LayerRule[];
export function importsOf(fileName: string, text: string): ImportSite[];
export function checkLayers(root: string): LayerViolation[];
export function formatViolation(violation: LayerViolation): string;
