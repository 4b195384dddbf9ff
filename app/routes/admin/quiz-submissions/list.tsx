import ArrowLeftNode from "lucide/dist/esm/icons/arrow-left.mjs";
import { useEffect } from "react";
import { data, Link, redirect } from "react-router";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { listPageHref, Pagination, pageFromParam } from "#app/components/admin/pagination.tsx";
import { formatCount } from "#app/components/admin/panel.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { settle } from "#app/lib/result.ts";
import { toast } from "#app/lib/toast.ts";
import { isDatabaseId } from "#domain/ids.ts";
import type { Route } from "./+types/list";
import { QuizSubmissionsEmpty, QuizSubmissionsNoMatch } from "./quiz-submissions-empty.tsx";
import { QuizSubmissionsExportLink } from "./quiz-submissions-export-link.tsx";
import { QuizSubmissionsSearch } from "./quiz-submissions-search.tsx";
import { QuizSubmissionsTable } from "./quiz-submissions-table.tsx";

const ArrowLeft = icon("arrow-left", ArrowLeftNode);

export const meta = () => [{ title: pageTitle("Quiz Submissions") }, { name: "robots", content: "noindex" }];

const PATH = "/admin/quiz-submissions";
/** Rows per page (the API's default page size too): a million submissions stay quick to show. */
const PAGE_SIZE = 50;
const MAX_SEARCH = 254;

// Paging and search run in the database: the page gets 50 rows and the number of matches.
export async function loader({ url, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, MAX_SEARCH);
  const page = pageFromParam(url.searchParams.get("page"));
  const result = await settle(
    () => app.services.quizSubmissions.list({ page, pageSize: PAGE_SIZE, search: search || undefined }),
    (error) => app.logger.error({ err: error }, "admin quiz submissions list failed"),
  );
  const pages = result.ok ? Math.max(1, Math.ceil(result.data.total / PAGE_SIZE)) : 1;
  // A page past the end (rows were deleted, or a hand-edited URL) shows the last one instead.
  if (result.ok && page > pages) throw redirect(listPageHref(PATH, pages, search));
  return { submissions: result, page, pages, search };
}

// A row's Delete button (issue 19): the same service as DELETE /api/admin/quiz-submissions/{id}.
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  if (form.get("intent") !== "delete" || !isDatabaseId(id)) throw data("Unknown action", { status: 400 });
  if (!(await app.services.quizSubmissions.remove(Number(id)))) {
    throw data("Quiz submission not found", { status: 404 });
  }
  return { deleted: Number(id) };
}

/** /admin/quiz-submissions: every quiz submission, newest first, searchable by e-mail, with the CSV export. */
export default function AdminQuizSubmissions({ loaderData, actionData }: Route.ComponentProps) {
  const { submissions, page, pages, search } = loaderData;
  useEffect(() => {
    if (actionData?.deleted) toast({ title: "Submission deleted", description: "The quiz submission was deleted." });
  }, [actionData]);
  const total = submissions.ok ? submissions.data.total : 0;
  const items = submissions.ok ? submissions.data.items : [];
  const first = (page - 1) * PAGE_SIZE + 1;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        crumbs={[{ label: "Dashboard", to: "/admin/dashboard" }, { label: "Quiz Submissions" }]}
        title="Quiz Submissions"
        subtitle="View all quiz data submitted by customers"
        actions={
          <>
            <Link to="/admin" className={buttonClass("secondary", "md")}>
              <ArrowLeft className="size-5" aria-hidden="true" />
              Back to Dashboard
            </Link>
            <QuizSubmissionsExportLink />
          </>
        }
      />

      <section
        aria-labelledby="all-submissions-heading"
        className="mt-8 min-w-0 rounded-xl border border-stone-200 bg-white shadow-sm"
      >
        <div className="flex flex-col gap-4 border-b border-stone-200 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6">
          <h2 id="all-submissions-heading" className="text-xl font-extrabold tracking-tight">
            {submissions.ok ? `All Submissions (${formatCount(total)})` : "All Submissions"}
          </h2>
          <QuizSubmissionsSearch search={search} action={PATH} />
        </div>

        {!submissions.ok ? (
          <div className="p-8 text-center">
            <p role="alert" className="font-semibold">
              The submissions could not be loaded.
            </p>
            <a href={listPageHref(PATH, page, search)} className={buttonClass("secondary", "sm", "mt-4")}>
              Try again
            </a>
          </div>
        ) : total === 0 ? (
          search ? (
            <QuizSubmissionsNoMatch search={search} clearHref={PATH} />
          ) : (
            <QuizSubmissionsEmpty />
          )
        ) : (
          <>
            <QuizSubmissionsTable
              items={items}
              caption={pages > 1 ? `Quiz submissions, page ${page} of ${pages}` : "Quiz submissions"}
            />
            <div className="flex flex-col items-center gap-3 border-t border-stone-200 p-4 text-sm text-muted sm:flex-row sm:justify-between">
              <p>
                {search
                  ? `${formatCount(total)} ${total === 1 ? "submission matches" : "submissions match"} "${search}". `
                  : ""}
                Showing {formatCount(first)}–{formatCount(first + items.length - 1)} of {formatCount(total)}
              </p>
              <Pagination path={PATH} page={page} pages={pages} search={search} />
            </div>
          </>
        )}
      </section>
    </div>
  );
}
