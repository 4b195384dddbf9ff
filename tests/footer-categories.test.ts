import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SiteFooter } from "../app/components/site-footer";
import { loader } from "../app/routes/public/layout";
import { DEFAULT_DISCLOSURE_TEXT } from "../domain/disclosure";
import type { DatabaseHandle } from "../server/db/client";
import type { Services } from "../server/services/create-services";
import { appContextWith } from "./support/app-context";
import { seededServices } from "./support/test-services";

// The footer's categories come from the catalogue (issue 26): they were fixed ids and labels,
// stale after a rename and "0 products" after a delete.

let database: DatabaseHandle;
let services: Services;

beforeAll(async () => {
  // as in production: the footer's read is served from the cache the pages share
  ({ database, services } = await seededServices({ readCacheTtlMs: 60_000 }));
});
afterAll(() => database.close());

type LoaderArgs = Parameters<typeof loader>[0];
const load = () => loader({ context: appContextWith({ services }) } as unknown as LoaderArgs);

function footerHtml(categories: Awaited<ReturnType<typeof load>>["footerCategories"]): string {
  return renderToStaticMarkup(
    createElement(MemoryRouter, null, createElement(SiteFooter, { categories, disclosure: DEFAULT_DISCLOSURE_TEXT })),
  );
}

/** Whether the footer links category `id` under `name`. */
function links(html: string, id: number, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`<a [^>]*href="/products\\?category=${id}"[^>]*>${escaped}</a>`).test(html);
}

describe("the public layout's footer categories", () => {
  it("are the catalogue's first six in the owner's order, linked by id", async () => {
    const { footerCategories } = await load();
    const categories = await services.catalog.listCategories();
    expect(footerCategories).toEqual(categories.slice(0, 6).map(({ id, name }) => ({ id, name })));
    const html = footerHtml(footerCategories);
    for (const { id, name } of footerCategories) expect(links(html, id, `${name}`)).toBe(true);
  });

  it("follow a rename, a reorder and a delete at once (the edit clears the cached read)", async () => {
    const [first, second] = (await load()).footerCategories;
    if (!first || !second) throw new Error("the demo content has categories");
    await services.categoryEditor.update(first.id, {
      name: "Vet-Approved Toys",
      description: null,
      icon: null,
      imageUrl: null,
    });
    let html = footerHtml((await load()).footerCategories);
    expect(links(html, first.id, `Vet-Approved Toys`)).toBe(true);
    expect(html).not.toContain(`>${first.name}</a>`);

    // a category without products can be deleted as it is
    const added = (
      await services.categoryEditor.create({ name: "Short-Lived", description: null, icon: null, imageUrl: null })
    ).id;
    const all = await services.catalog.listCategories();
    await services.categoryEditor.reorder([added, ...all.map((c) => c.id).filter((id) => id !== added)]);
    html = footerHtml((await load()).footerCategories);
    expect(links(html, added, `Short-Lived`)).toBe(true);
    await services.categoryEditor.remove(added);
    html = footerHtml((await load()).footerCategories);
    expect(html).not.toContain("Short-Lived");
    expect(html).not.toContain(`category=${added}"`);
  });

  it("leave the column out when the catalogue cannot be read, not the page", async () => {
    const broken = { catalog: { listCategories: () => Promise.reject(new Error("database down")) } };
    const { footerCategories } = await loader({
      context: appContextWith({ services: broken as unknown as Services }),
    } as unknown as LoaderArgs);
    expect(footerCategories).toEqual([]);
    expect(footerHtml(footerCategories)).not.toContain(">Categories<");
  });
});
