import { LocalDate } from "#app/components/admin/local-date.tsx";
import type { AdminToy } from "#domain/catalog.ts";
import { PRICE_FACTS_TEXT, PRICE_SOURCE_LABELS } from "#domain/product-sources-text.ts";
import type { ToyPriceState } from "#domain/product-sync.ts";

const CELL = "px-2 py-2 align-top first:pl-0 last:pr-0";

/**
 * Where the edited product's price comes from and when it was last confirmed (issue 27: a price
 * is shown only with that time), and the states the sources recorded, folded away.
 */
export function ProductPriceFacts({
  toy,
  history,
}: {
  toy: Pick<AdminToy, "priceSource" | "priceConfirmedAt">;
  history: ToyPriceState[];
}) {
  return (
    <div className="grid gap-3 rounded-lg border border-stone-200 bg-stone-50 p-4 text-sm" data-testid="price-facts">
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-bold">{PRICE_FACTS_TEXT.source}:</dt>
          <dd data-testid="price-source">{toy.priceSource ? PRICE_SOURCE_LABELS[toy.priceSource] : "Not recorded"}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-bold">{PRICE_FACTS_TEXT.lastConfirmed}:</dt>
          <dd data-testid="price-confirmed">
            {toy.priceConfirmedAt ? <LocalDate iso={toy.priceConfirmedAt} withTime /> : PRICE_FACTS_TEXT.neverConfirmed}
          </dd>
        </div>
      </dl>
      <details>
        <summary className="cursor-pointer font-semibold underline underline-offset-2">
          {PRICE_FACTS_TEXT.historySummary}
          <span className="font-normal text-muted"> ({history.length})</span>
        </summary>
        {history.length === 0 ? (
          <p className="mt-2 text-muted">{PRICE_FACTS_TEXT.noHistory}</p>
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
          <section className="mt-2 overflow-x-auto" aria-label={PRICE_FACTS_TEXT.historySummary} tabIndex={0}>
            <table className="w-full text-left" data-testid="price-history">
              <caption className="sr-only">{PRICE_FACTS_TEXT.historyCaption}</caption>
              <thead className="text-xs tracking-wide text-muted uppercase">
                <tr>
                  <th scope="col" className={CELL}>
                    Date
                  </th>
                  <th scope="col" className={CELL}>
                    Source
                  </th>
                  <th scope="col" className={CELL}>
                    Price
                  </th>
                  <th scope="col" className={CELL}>
                    Sale price
                  </th>
                  <th scope="col" className={CELL}>
                    Stock
                  </th>
                  <th scope="col" className={CELL}>
                    Link
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200">
                {history.map((state, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: two states may share a moment; the list is as stored
                  <tr key={index}>
                    <td className={`${CELL} whitespace-nowrap`}>
                      <LocalDate iso={state.recordedAt} withTime />
                    </td>
                    <td className={CELL}>{PRICE_SOURCE_LABELS[state.source]}</td>
                    <td className={`${CELL} tabular-nums`}>{state.price}</td>
                    <td className={`${CELL} tabular-nums`}>{state.priceDiscount ?? "None"}</td>
                    <td className={CELL}>{state.inStock ? "In stock" : "Out of stock"}</td>
                    <td className={`${CELL} max-w-48 break-all`}>
                      {state.link ? (
                        <a href={state.link} rel="noopener noreferrer nofollow" target="_blank" className="underline">
                          {state.link}
                        </a>
                      ) : (
                        "None"
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </details>
    </div>
  );
}
