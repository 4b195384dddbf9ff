import { createContext, type ReactNode, useContext } from "react";

// The site's stylesheet as text, set by entry.server for the server render (it imports the
// built CSS with ?inline, so the text never reaches the browser's JavaScript). In the browser
// it is "": React finds the <style> the server wrote by its href and keeps it as it is.
const InlineStyleContext = createContext("");

export function InlineStyleProvider({ css, children }: { css: string; children: ReactNode }) {
  return <InlineStyleContext.Provider value={css}>{children}</InlineStyleContext.Provider>;
}

/** The stylesheet text during the server render, "" in the browser. */
export function useInlineStyle(): string {
  return useContext(InlineStyleContext);
}
