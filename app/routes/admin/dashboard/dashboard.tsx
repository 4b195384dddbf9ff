import ChartLineNode from "lucide/dist/esm/icons/chart-line.mjs";
import DogNode from "lucide/dist/esm/icons/dog.mjs";
import FilePlusNode from "lucide/dist/esm/icons/file-plus.mjs";
import InboxNode from "lucide/dist/esm/icons/inbox.mjs";
import MailNode from "lucide/dist/esm/icons/mail.mjs";
import NewspaperNode from "lucide/dist/esm/icons/newspaper.mjs";
import PackageNode from "lucide/dist/esm/icons/package.mjs";
import PackagePlusNode from "lucide/dist/esm/icons/package-plus.mjs";
import TagsNode from "lucide/dist/esm/icons/tags.mjs";
import { data, Link, useRouteLoaderData } from "react-router";
import { DashboardPanel, PanelError } from "#app/components/admin/panel.tsx";
import { SiteNotices } from "#app/components/admin/site-notices.tsx";
import { VisitsChart } from "#app/components/admin/visits-chart.tsx";
import { serviceRefusal } from "#app/components/form/service-refusal.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { settle } from "#app/lib/result.ts";
import { AUDIT_RECENT_COUNT } from "#domain/audit.ts";
import { isDatabaseId } from "#domain/ids.ts";
import {
  DASHBOARD_DAYS,
  DASHBOARD_PERIODS,
  DASHBOARD_TOP_ARTICLES,
  DASHBOARD_TOP_TOYS,
  dashboardPeriodFrom,
} from "#domain/insights.ts";
import { countryName } from "#domain/marketplaces.ts";
import { hiddenPricesNotice, productSyncNotice } from "#domain/product-sources-text.ts";
import { periodEnding } from "#domain/quiz-funnel.ts";
import { SEARCH_TOP_TERMS } from "#domain/search.ts";
import { siteNotices } from "#domain/site-settings-text.ts";
import type { loader as adminLoader } from "../layout";
import type { Route } from "./+types/dashboard";
import { DashboardClicks, DashboardCountryClicks } from "./dashboard-clicks.tsx";
import { DashboardEarnings } from "./dashboard-earnings.tsx";
import { DashboardLinkHealth, type LinkActionData } from "./dashboard-link-health.tsx";
import { DashboardQuizCard } from "./dashboard-quiz-card.tsx";
import { DashboardQuizFunnel } from "./dashboard-quiz-funnel.tsx";
import { DashboardRecentActivity } from "./dashboard-recent-activity.tsx";
import { DashboardSearches } from "./dashboard-searches.tsx";
import { DashboardStatCard } from "./dashboard-stat-card.tsx";
import { DashboardTopToys } from "./dashboard-top-toys.tsx";

const ChartLine = icon("chart-line", ChartLineNode);
const Dog = icon("dog", DogNode);
const FilePlus = icon("file-plus", FilePlusNode);
const Inbox = icon("inbox", InboxNode);
const Mail = icon("mail", MailNode);
const Newspaper = icon("newspaper", NewspaperNode);
const Package = icon("package", PackageNode);
const PackagePlus = icon("package-plus", PackagePlusNode);
const Tags = icon("tags", TagsNode);

export const meta = () => [{ title: pageTitle("Admin Dashboard") }, { name: "robots", content: "noindex" }];

const QUICK_ACTIONS = [
  { to: "/admin/posts/new", label: "Create New Post", icon: FilePlus },
  { to: "/admin/products/new", label: "Add New Product", icon: PackagePlus },
] as const;

// Each panel loads on its own: a failing query shows that panel's error, not an error page.
export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const days = dashboardPeriodFrom(new URL(request.url).searchParams.get("days"));
  const {
    dashboard,
    quizSubmissions,
    stats,
    inbox,
    audit,
    siteSettings,
    productSync,
    linkCheck,
    quizFunnel,
    search,
    earningsReport,
  } = app.services;
  const log = (what: string) => (error: unknown) => app.logger.error({ err: error }, `admin dashboard: ${what} failed`);
  const [
    counts,
    submissions,
    visits,
    topToys,
    clicks,
    unreadMessages,
    activity,
    settings,
    lastSync,
    hiddenPrices,
    linkHealth,
    funnel,
    searches,
    earned,
  ] = await Promise.all([
    settle(() => dashboard.counts(), log("counts")),
    settle(() => quizSubmissions.summary(), log("quiz submissions summary")),
    settle(() => stats.daily(days), log("daily visits")),
    settle(() => stats.topClickedToys(days, DASHBOARD_TOP_TOYS), log("top clicked toys")),
    settle(() => stats.clickBreakdown(days, DASHBOARD_TOP_ARTICLES), log("clicks by placement")),
    settle(() => inbox.unreadCount(), log("unread messages")),
    settle(
      () => audit.list({ action: "all", kind: "all", page: 1, pageSize: AUDIT_RECENT_COUNT }),
      log("recent activity"),
    ),
    settle(() => siteSettings.get(), log("site settings")),
    settle(() => productSync.recentRuns(1), log("last product sync")),
    settle(() => dashboard.hiddenPrices(), log("hidden prices")),
    settle(() => linkCheck.health(), log("link health")),
    settle(() => quizFunnel.report(quizFunnel.lastDays(days)), log("quiz funnel")),
    settle(() => search.stats(days, SEARCH_TOP_TERMS), log("search counts")),
    settle(() => earningsReport.report({ ...periodEnding(new Date(), days), by: "post" }), log("earnings")),
  ]);
  // what the owner must still set up, and why (a postal address, the associate tag), and a
  // product sync that could not check every product (issue 27)
  const syncNotice = lastSync.ok ? productSyncNotice(lastSync.data[0]) : null;
  const pricesNotice = hiddenPrices.ok ? hiddenPricesNotice(hiddenPrices.data) : null;
  const notices = [
    ...(settings.ok ? siteNotices(settings.data) : []),
    ...(syncNotice ? [syncNotice] : []),
    ...(pricesNotice ? [pricesNotice] : []),
  ];
  // named here, so the page shows the server's names and the browser's cannot differ from them
  const countries = clicks.ok
    ? { ok: true as const, data: clicks.data.byCountry.map((row) => ({ ...row, name: countryName(row.country) })) }
    : { ok: false as const };
  return {
    days,
    counts,
    submissions,
    visits,
    topToys,
    clicks,
    countries,
    unreadMessages,
    activity,
    notices,
    linkHealth,
    funnel,
    searches,
    earned,
  };
}

// The Link health panel's forms post here (through fetchers once the scripts run, as plain forms
// before): "Check links now" runs the same service as POST /api/admin/link-check and answers when
// it is done; "Use this URL" saves a redirect's end as the toy's link through the product editor.
export async function action({ context, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const { linkCheck } = app.services;
  try {
    if (intent === "check-links") {
      return { ok: true, intent, counts: await linkCheck.run("admin") } satisfies LinkActionData;
    }
    if (intent === "use-url") {
      const toyId = String(form.get("toyId") ?? "");
      if (!isDatabaseId(toyId)) {
        return data<LinkActionData>({ ok: false, intent, message: "Unknown product" }, { status: 400 });
      }
      const toy = await linkCheck.applyFinalUrl(Number(toyId));
      return { ok: true, intent, toyName: toy.name } satisfies LinkActionData;
    }
  } catch (error) {
    // a check under way, or a link changed meanwhile: the owner reads why, nothing is lost
    const refusal = serviceRefusal(error, []);
    if (!refusal) throw error;
    return data<LinkActionData>({ ok: false, intent, message: (error as Error).message }, { status: refusal.status });
  }
  return data<LinkActionData>({ ok: false, intent, message: "Unknown action" }, { status: 400 });
}

/** The period switch: links, so it works before the scripts and the address says what is shown. */
function PeriodSwitch({ days }: { days: number }) {
  return (
    <nav aria-label="Period" className="flex gap-1 rounded-xl bg-stone-100 p-1">
      {DASHBOARD_PERIODS.map((period) => (
        <Link
          key={period}
          to={period === DASHBOARD_DAYS ? "/admin/dashboard" : `/admin/dashboard?days=${period}`}
          aria-current={period === days ? "page" : undefined}
          preventScrollReset
          className={`rounded-lg px-3 py-1.5 text-sm font-bold ${
            period === days ? "bg-white text-primary shadow-sm" : "text-muted hover:text-ink"
          }`}
        >
          {`${period} days`}
        </Link>
      ))}
    </nav>
  );
}

/** The admin home (/admin and /admin/dashboard): the site's numbers at a glance and the quick actions. */
export default function AdminDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const {
    days,
    counts,
    submissions,
    visits,
    topToys,
    clicks,
    countries,
    unreadMessages,
    activity,
    notices,
    linkHealth,
    funnel,
    searches,
    earned,
  } = loaderData;
  // The admin layout's guard has already resolved the signed-in user.
  const username = useRouteLoaderData<typeof adminLoader>("routes/admin/layout")?.username;
  const count = (key: "posts" | "products" | "breeds" | "categories" | "subscribers") =>
    counts.ok ? counts.data[key] : null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <div className="flex flex-col gap-5 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Admin Dashboard</h1>
          {username ? (
            <p className="mt-2 text-muted">
              Signed in as <strong className="font-bold text-ink">{username}</strong>
            </p>
          ) : null}
        </div>
        <section aria-labelledby="quick-actions-heading">
          <h2 id="quick-actions-heading" className="sr-only">
            Quick Actions
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {QUICK_ACTIONS.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <Link to={to} className={buttonClass("primary", "md", "w-full")}>
                  <Icon className="size-5" aria-hidden="true" />
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>

      {notices.length > 0 ? (
        <section aria-labelledby="set-up-heading" className="mt-8">
          <h2 id="set-up-heading" className="sr-only">
            Needs your attention
          </h2>
          <SiteNotices notices={notices} className="lg:grid-cols-2" />
        </section>
      ) : null}

      <div className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-6">
        <DashboardStatCard
          id="posts-count"
          label="Posts"
          value={count("posts")}
          note="Reviews, guides and comparisons"
          icon={Newspaper}
          action={{ to: "/admin/posts", label: "Manage Posts" }}
        />
        <DashboardStatCard
          id="products-count"
          label="Products"
          value={count("products")}
          note="Dog toys in the catalogue"
          icon={Package}
          action={{ to: "/admin/products", label: "Manage Products" }}
        />
        <DashboardStatCard
          id="breeds-count"
          label="Breeds"
          value={count("breeds")}
          note="Breeds with their own pages and toy picks"
          icon={Dog}
          action={{ to: "/admin/breeds", label: "Manage Breeds" }}
        />
        <DashboardStatCard
          id="categories-count"
          label="Categories"
          value={count("categories")}
          note="Toy categories; the home page shows the first six"
          icon={Tags}
          action={{ to: "/admin/categories", label: "Manage Categories" }}
        />
        <DashboardStatCard
          id="subscribers-count"
          label="Subscribers"
          value={count("subscribers")}
          note="Current newsletter subscribers"
          icon={Mail}
          action={{ to: "/admin/subscribers", label: "Manage Subscribers" }}
        />
        <DashboardStatCard
          id="unread-messages-count"
          label="Unread Messages"
          value={unreadMessages.ok ? unreadMessages.data : null}
          note="Contact form messages you have not opened"
          icon={Inbox}
          action={{ to: "/admin/messages", label: "Open Messages" }}
        />
      </div>

      <div className="mt-8">
        <DashboardLinkHealth health={linkHealth} actionData={actionData} />
      </div>

      <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-extrabold tracking-tight">Visits and clicks</h2>
        <PeriodSwitch days={days} />
      </div>

      {/* Panels keep their own height: the quiz card does not stretch when the daily numbers open. */}
      <div className="mt-4 grid items-start gap-6 lg:grid-cols-3">
        <DashboardPanel
          id="visits"
          title="Visits and Page Views"
          subtitle={`Public pages, last ${days} days (bots and signed-in admins are not counted)`}
          icon={ChartLine}
          className="lg:col-span-2"
        >
          {visits.ok ? <VisitsChart days={visits.data} /> : <PanelError what="The visit numbers" />}
        </DashboardPanel>
        <DashboardQuizCard summary={submissions} />
      </div>

      <div className="mt-6">
        <DashboardEarnings report={earned} days={days} />
      </div>

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <DashboardTopToys toys={topToys} days={days} />
        <DashboardClicks clicks={clicks} days={days} />
        <DashboardCountryClicks countries={countries} days={days} />
        <DashboardSearches searches={searches} days={days} />
      </div>

      <div className="mt-6">
        <DashboardQuizFunnel funnel={funnel} days={days} />
      </div>

      <div className="mt-6">
        <DashboardRecentActivity entries={activity} />
      </div>
    </div>
  );
}
