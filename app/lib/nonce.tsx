import { createContext, type ReactNode, useContext } from "react";

// The response's CSP nonce, set by entry.server for the server render. In the browser it is
// "": browsers hide nonce values from scripts, and hydration leaves the attribute alone.
const NonceContext = createContext("");

export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

/** The nonce for inline <script> elements React Router renders. */
export function useNonce(): string {
  return useContext(NonceContext);
}
