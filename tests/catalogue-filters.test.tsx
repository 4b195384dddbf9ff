// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Outlet, useLocation, useNavigate } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import Products, { loader } from "#app/routes/public/products.tsx";
import type { DatabaseHandle } from "#server/db/client.ts";
import type { Services } from "#server/services/create-services.ts";
import { appContextWith } from "./support/app-context.ts";
import { seededServices } from "./support/test-services";

// The catalogue's filters as a visitor uses them on /products: the page's own component and
// loader behind a route stub, over the demo catalogue in a real (embedded) database. What the
// filters write to the address is what the loader reads back, so the grid follows.

let database: DatabaseHandle;
let services: Services;

beforeAll(async () => {
  ({ database, services } = await seededServices());
});
afterAll(() => database.close());
afterEach(cleanup);

/** The browser's address bar (the query the page is showing) and its Back button. */
function AddressBar() {
  const { search } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="Address">{search}</output>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
      <Outlet />
    </>
  );
}

/** Opens the catalogue at `address`; `loads` lists the query of each page load, in order. */
function openCatalogue(address = "/products") {
  const loads: string[] = [];
  const Stub = createRoutesStub(
    [
      {
        Component: AddressBar,
        children: [
          {
            path: "/products",
            Component: Products,
            loader: (args: Parameters<typeof loader>[0]) => {
              loads.push(args.url.search);
              return loader(args);
            },
          },
        ],
      },
    ],
    appContextWith({ services, siteUrl: "https://www.pawsomepicks.test" }),
  );
  render(<Stub initialEntries={[address]} />);
  return { user: userEvent.setup(), loads };
}

const address = () => screen.getByRole("status", { name: "Address" }).textContent;

/** The sidebar's filter panel (the phone's sheet holds a second copy). */
async function filterPanel() {
  const sidebar = await screen.findByRole("complementary", { name: "Filters" });
  return within(sidebar);
}

/** The names of the toys the grid shows, in order. */
function shownToys(): string[] {
  return screen.queryAllByRole("heading", { level: 3 }).map((heading) => heading.textContent ?? "");
}

async function catalogueNames(query: Parameters<Services["catalog"]["listToyCards"]>[0]) {
  return (await services.catalog.listToyCards(query)).items.map((toy) => toy.name);
}

describe("the catalogue's filters", () => {
  it("a category chosen is put in the address and the grid shows that category's toys", async () => {
    const { user } = openCatalogue();
    const panel = await filterPanel();
    const categories = await services.catalog.listCategories();
    const chosen = categories[1] ?? categories[0];
    if (!chosen) throw new Error("the demo catalogue has no categories");

    await user.selectOptions(panel.getByLabelText("Category"), chosen.name);
    await waitFor(() => expect(address()).toBe(`?category=${chosen.id}`));
    const expected = await catalogueNames({ category: chosen.id, page: 1, pageSize: 24 });
    expect(expected.length).toBeGreaterThan(0);
    await waitFor(() => expect(shownToys()).toEqual(expected));
  });

  it("a sort is put in the address, and the default sort is left out of it", async () => {
    const { user } = openCatalogue("/products?search=ball");
    const panel = await filterPanel();
    const sort = panel.getByLabelText("Sort By") as HTMLSelectElement;
    expect(sort.value).toBe("name");

    await user.selectOptions(sort, "Price: High to Low");
    await waitFor(() => expect(address()).toBe("?search=ball&sort=price-desc"));
    const expected = await catalogueNames({ search: "ball", sort: "price-desc", page: 1, pageSize: 24 });
    // the demo catalogue's balls are not in the same order by name and by price
    expect(expected).not.toEqual(await catalogueNames({ search: "ball", page: 1, pageSize: 24 }));
    await waitFor(() => expect(shownToys()).toEqual(expected));

    await user.selectOptions(sort, "Name (A-Z)");
    await waitFor(() => expect(address()).toBe("?search=ball"));
  });

  it("a search is put in the address once typing pauses, as one change", async () => {
    const { user, loads } = openCatalogue("/products?page=2");
    const panel = await filterPanel();
    await user.type(panel.getByLabelText("Search"), "rope");
    // a new search starts at the first page
    await waitFor(() => expect(address()).toBe("?search=rope"));
    const expected = await catalogueNames({ search: "rope", page: 1, pageSize: 24 });
    expect(expected.length).toBeGreaterThan(1);
    await waitFor(() => expect(shownToys()).toEqual(expected));
    // not a load per keystroke
    expect(loads).toEqual(["?page=2", "?search=rope"]);
  });

  it("Clear Filters empties the address and puts every field back", async () => {
    const categories = await services.catalog.listCategories();
    const category = categories[0];
    if (!category) throw new Error("the demo catalogue has no categories");
    const { user } = openCatalogue(`/products?search=ball&category=${category.id}&sort=rating-desc`);
    const panel = await filterPanel();
    expect((panel.getByLabelText("Category") as HTMLSelectElement).value).toBe(String(category.id));

    await user.click(panel.getByRole("link", { name: "Clear Filters" }));
    await waitFor(() => expect(address()).toBe(""));
    await waitFor(() => expect((panel.getByLabelText("Search") as HTMLInputElement).value).toBe(""));
    expect((panel.getByLabelText("Category") as HTMLSelectElement).value).toBe("all");
    expect((panel.getByLabelText("Breed") as HTMLSelectElement).value).toBe("all");
    expect((panel.getByLabelText("Sort By") as HTMLSelectElement).value).toBe("name");
    const everything = await services.catalog.listToyCards({ page: 1, pageSize: 24 });
    await waitFor(() => expect(shownToys()).toEqual(everything.items.map((toy) => toy.name)));
  });

  it("works from the keyboard: Enter in the search applies it at once, Tab reaches each filter in order", async () => {
    const { user } = openCatalogue();
    const panel = await filterPanel();
    const search = panel.getByLabelText("Search") as HTMLInputElement;
    await user.click(search);
    await user.keyboard("chew{Enter}");
    await waitFor(() => expect(address()).toBe("?search=chew"));
    // the page changed around the field: the visitor is still in it
    expect(document.activeElement).toBe(search);
    // a search sent with Enter is a step of its own (typing alone replaces the address): Back undoes it
    await user.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() => expect(address()).toBe(""));
    await waitFor(() => expect(search.value).toBe(""));

    search.focus();
    const order = [
      panel.getByLabelText("Breed"),
      panel.getByLabelText("Category"),
      panel.getByRole("slider", { name: "Minimum price" }),
      panel.getByRole("slider", { name: "Maximum price" }),
      panel.getByLabelText("Sort By"),
      panel.getByRole("link", { name: "Clear Filters" }),
    ];
    for (const control of order) {
      await user.tab();
      expect(document.activeElement).toBe(control);
    }
  });
});
