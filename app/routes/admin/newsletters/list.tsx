import MailPlusNode from "lucide/dist/esm/icons/mail-plus.mjs";
import SendNode from "lucide/dist/esm/icons/send.mjs";
import { Link } from "react-router";
import { LocalDate } from "#app/components/admin/local-date.tsx";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { formatCount } from "#app/components/admin/panel.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { settle } from "#app/lib/result.ts";
import type { Route } from "./+types/list";
import { NewsletterStatusBadge } from "./newsletter-status-badge.tsx";

const MailPlus = icon("mail-plus", MailPlusNode);
const Send = icon("send", SendNode);

export const meta = () => [{ title: pageTitle("Newsletters") }, { name: "robots", content: "noindex" }];

// The same service call as GET /api/admin/newsletters.
export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  return {
    newsletters: await settle(
      () => app.services.newsletters.list(),
      (error) => app.logger.error({ err: error }, "admin newsletters list failed"),
    ),
  };
}

/** /admin/newsletters: drafts and past newsletters, newest first, with their dates, counts and clicks. */
export default function AdminNewsletters({ loaderData }: Route.ComponentProps) {
  const { newsletters } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        crumbs={[{ label: "Dashboard", to: "/admin/dashboard" }, { label: "Newsletters" }]}
        title="Newsletters"
        subtitle="Write to every subscriber, or send a post; each gets it once, with their own unsubscribe link"
        actions={
          <Link to="/admin/newsletters/new" className={buttonClass("primary", "md")}>
            <MailPlus className="size-5" aria-hidden="true" />
            New Newsletter
          </Link>
        }
      />

      <section
        aria-labelledby="newsletters-heading"
        className="mt-8 rounded-xl border border-stone-200 bg-white shadow-sm"
      >
        <h2
          id="newsletters-heading"
          className="border-b border-stone-200 p-4 text-xl font-extrabold tracking-tight sm:p-6"
        >
          All Newsletters
        </h2>
        {!newsletters.ok ? (
          <div className="p-8 text-center">
            <p role="alert" className="font-semibold">
              The newsletters could not be loaded.
            </p>
            <a href="/admin/newsletters" className={buttonClass("secondary", "sm", "mt-4")}>
              Try again
            </a>
          </div>
        ) : newsletters.data.length === 0 ? (
          <div className="flex flex-col items-center px-4 py-12 text-center">
            <Send className="size-12 text-stone-400" aria-hidden="true" />
            <h3 className="mt-4 text-lg font-extrabold">No newsletters yet</h3>
            <p className="mt-2 text-muted">Write the first one, or start from a published post.</p>
            <Link to="/admin/newsletters/new" className={buttonClass("primary", "sm", "mt-4")}>
              Write the first one
            </Link>
          </div>
        ) : (
          <ul aria-label="Newsletters, newest first" className="divide-y divide-stone-200">
            {newsletters.data.map((newsletter) => {
              const { counts } = newsletter;
              return (
                <li key={newsletter.id} data-testid="newsletter-row" className="p-4 sm:px-6">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                    <Link
                      to={`/admin/newsletters/${newsletter.id}`}
                      className="font-bold break-words text-primary hover:underline"
                    >
                      {newsletter.subject}
                    </Link>
                    <NewsletterStatusBadge status={newsletter.status} />
                  </div>
                  <p className="mt-1 text-sm text-muted">
                    {newsletter.sendStartedAt ? (
                      <>
                        Sent <LocalDate iso={newsletter.sendStartedAt} withTime />
                      </>
                    ) : (
                      <>
                        Draft from <LocalDate iso={newsletter.createdAt} />
                      </>
                    )}
                  </p>
                  {newsletter.status !== "draft" ? (
                    <p className="mt-1 text-sm">
                      {formatCount(counts.sent)} sent · {formatCount(counts.queued + counts.waiting)} to go ·{" "}
                      {formatCount(counts.failed)} failed · {formatCount(counts.bounced)} bounced ·{" "}
                      {formatCount(newsletter.clicks)} {newsletter.clicks === 1 ? "click" : "clicks"}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
