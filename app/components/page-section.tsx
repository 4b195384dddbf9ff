import type { ReactNode } from "react";

/** The heading block and width container shared by the simple content pages. */
export function PageSection({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  return (
    <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
      {intro ? <p className="mt-4 text-lg text-muted">{intro}</p> : null}
      {children}
    </section>
  );
}
