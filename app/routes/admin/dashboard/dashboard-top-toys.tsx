import MousePointerClickNode from "lucide/dist/esm/icons/mouse-pointer-click.mjs";
import { Link } from "react-router";
import { icon } from "#app/components/ui/icon.ts";
import type { Result } from "#app/lib/result.ts";
import type { ToyClicks } from "#domain/insights.ts";
import { DashboardPanel, formatCount, PanelError } from "../../../components/admin/panel";

const MousePointerClick = icon("mouse-pointer-click", MousePointerClickNode);

/** The toys whose 'View on Amazon' links were followed most in the period, with their click counts. */
export function DashboardTopToys({ toys, days }: { toys: Result<ToyClicks[]>; days: number }) {
  const most = toys.ok ? Math.max(1, ...toys.data.map((toy) => toy.clicks)) : 1;
  return (
    <DashboardPanel
      id="top-toys"
      title="Top Toys by Affiliate Clicks"
      subtitle={`Clicks on 'View on Amazon' links in the last ${days} days`}
      icon={MousePointerClick}
    >
      {!toys.ok ? (
        <PanelError what="The affiliate clicks" />
      ) : toys.data.length === 0 ? (
        <p className="rounded-lg bg-stone-50 p-4 text-sm text-muted">
          No affiliate clicks in the last {days} days yet.
        </p>
      ) : (
        <ol className="space-y-3">
          {toys.data.map((toy, index) => (
            <li key={toy.toyId} className="flex items-start gap-3" data-testid="top-toy">
              <span className="w-6 shrink-0 text-right text-sm leading-6 font-bold text-muted tabular-nums">
                {index + 1}.
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex items-baseline justify-between gap-3">
                  {toy.deleted ? (
                    <span className="min-w-0 leading-6 font-semibold break-words text-muted">{toy.name}</span>
                  ) : (
                    <Link
                      to={`/admin/products/${toy.toyId}`}
                      className="min-w-0 leading-6 font-semibold break-words text-ink underline-offset-2 hover:text-primary hover:underline"
                    >
                      {toy.name}
                    </Link>
                  )}
                  <span className="shrink-0 text-sm leading-6 font-bold tabular-nums">
                    {formatCount(toy.clicks)} {toy.clicks === 1 ? "click" : "clicks"}
                  </span>
                </div>
                <div className="mt-1 h-1.5 rounded-full bg-stone-100" aria-hidden="true">
                  <div
                    className="h-full rounded-full bg-primary"
                    style={{ width: `${Math.max(2, (toy.clicks / most) * 100)}%` }}
                  />
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
    </DashboardPanel>
  );
}
