import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import ArrowLeftNode from "lucide/dist/esm/icons/arrow-left.mjs";
import FlaskConicalNode from "lucide/dist/esm/icons/flask-conical.mjs";
import SendNode from "lucide/dist/esm/icons/send.mjs";
import Trash2Node from "lucide/dist/esm/icons/trash.mjs";
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation, useRevalidator } from "react-router";
import { AdminNotFound, adminErrorTitle } from "#app/components/admin/admin-not-found.tsx";
import { ConfirmSubmitForm } from "#app/components/admin/confirm-submit-form.tsx";
import { LocalDate } from "#app/components/admin/local-date.tsx";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { formatCount } from "#app/components/admin/panel.tsx";
import { SiteNotices } from "#app/components/admin/site-notices.tsx";
import { serviceRefusal } from "#app/components/form/service-refusal.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { toast } from "#app/lib/toast.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { FormReply } from "#domain/form-reply.ts";
import { isDatabaseId } from "#domain/ids.ts";
import { TEST_SEND_TEXT } from "#domain/newsletter-text.ts";
import { newsletterInputSchema } from "#domain/newsletters.ts";
import { POSTAL_ADDRESS_NOTICE } from "#domain/site-settings-text.ts";
import type { Route } from "./+types/view";
import { NewsletterForm } from "./newsletter-form.tsx";
import { NewsletterPreview } from "./newsletter-preview.tsx";
import { NewsletterProgress } from "./newsletter-progress.tsx";
import { NewsletterStatusBadge } from "./newsletter-status-badge.tsx";

const ArrowLeft = icon("arrow-left", ArrowLeftNode);
const FlaskConical = icon("flask-conical", FlaskConicalNode);
const Send = icon("send", SendNode);
const Trash2 = icon("trash", Trash2Node);

export const meta: Route.MetaFunction = ({ loaderData: loaded, error }) => {
  const title = error ? adminErrorTitle(error, "Newsletter") : `Newsletter: ${loaded?.newsletter.subject ?? ""}`;
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex" }];
};

/** While a send is under way the page reads its counts again this often. */
const PROGRESS_REFRESH_MS = 5_000;

function newsletterId(params: { id?: string }): number {
  if (!isDatabaseId(params.id)) throw data("Newsletter not found", { status: 404 });
  return Number(params.id);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const id = newsletterId(params);
  const { newsletters, outbox, siteSettings } = app.services;
  const [newsletter, preview, postalAddress] = await Promise.all([
    newsletters.get(id),
    newsletters.preview(id),
    siteSettings.postalAddress(),
  ]);
  if (!newsletter || !preview) throw data("Newsletter not found", { status: 404 });
  return {
    newsletter,
    preview,
    mailConfigured: outbox.configured,
    testAddress: newsletters.testAddress,
    postalAddressSet: postalAddress !== null,
  };
}

type ActionData =
  | { kind: "saved"; result: SubmissionResult<string[]> }
  | { kind: "test"; outcome: FormReply }
  | { kind: "started" }
  | { kind: "refused"; message: string };

// Every form of the page posts here, each calling the service its API route calls.
export async function action({ params, request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const id = newsletterId(params);
  const { newsletters, deliverNow, outbox } = app.services;
  const form = await request.formData();
  const intent = form.get("intent");
  try {
    if (intent === "test") {
      const queued = await newsletters.sendTest(id);
      if (!queued) throw data("Newsletter not found", { status: 404 });
      const sent = await deliverNow(queued.messageId);
      const outcome: FormReply = sent
        ? { emailSent: true, message: TEST_SEND_TEXT.sent(queued.to) }
        : outbox.configured
          ? { emailSent: false, message: TEST_SEND_TEXT.queued(queued.to) }
          : { emailSent: false, message: TEST_SEND_TEXT.saved(queued.to), note: TEST_SEND_TEXT.note };
      return data<ActionData>({ kind: "test", outcome });
    }
    if (intent === "send") {
      try {
        if (!(await newsletters.startSend(id))) throw data("Newsletter not found", { status: 404 });
      } catch (error) {
        // not sendable yet (no postal address, a product token that does not resolve): said why
        const refusal = serviceRefusal(error, []);
        if (refusal?.status !== 409 || !("formErrors" in refusal.errors)) throw error;
        return data<ActionData>({ kind: "refused", message: refusal.errors.formErrors.join(" ") }, { status: 409 });
      }
      return data<ActionData>({ kind: "started" });
    }
    if (intent === "delete") {
      if (!(await newsletters.remove(id))) throw data("Newsletter not found", { status: 404 });
      return redirect("/admin/newsletters");
    }
  } catch (error) {
    // a newsletter sent meanwhile (another tab) can no longer be changed: said, not crashed
    if (serviceRefusal(error, [])?.status === 409) return redirect(`/admin/newsletters/${id}`);
    throw error;
  }
  const submission = parseWithZod(form, { schema: newsletterInputSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ kind: "saved", result: submission.reply() }, { status: 400 });
  }
  try {
    if (!(await newsletters.update(id, submission.value))) throw data("Newsletter not found", { status: 404 });
  } catch (error) {
    const refusal = serviceRefusal(error, ["subject", "content"]);
    if (!refusal) throw error;
    return data<ActionData>({ kind: "saved", result: submission.reply(refusal.errors) }, { status: refusal.status });
  }
  return data<ActionData>({ kind: "saved", result: submission.reply() });
}

/** /admin/newsletters/{id}: a draft to edit, preview, test and send; a sent one's progress and clicks. */
export default function AdminNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { newsletter, preview, mailConfigured, testAddress, postalAddressSet } = loaderData;
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const draft = newsletter.status === "draft";
  const audience = newsletter.counts.waiting;

  // While it sends, the counts move by themselves: read them again every few seconds.
  useEffect(() => {
    if (!hydrated || newsletter.status !== "sending") return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, PROGRESS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [hydrated, newsletter.status, revalidator]);

  useEffect(() => {
    if (actionData?.kind === "test") {
      toast({
        title: actionData.outcome.emailSent ? "Test sent" : "Test queued",
        description: actionData.outcome.message,
      });
    } else if (actionData?.kind === "started") {
      toast({ title: "Sending", description: "The newsletter is on its way to every subscriber." });
    } else if (actionData?.kind === "saved" && actionData.result.status === "success") {
      toast({ title: "Draft saved", description: "The preview below shows the saved version." });
    }
  }, [actionData]);

  const testing = navigation.state !== "idle" && navigation.formData?.get("intent") === "test";

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        crumbs={[
          { label: "Dashboard", to: "/admin/dashboard" },
          { label: "Newsletters", to: "/admin/newsletters" },
          { label: draft ? "Draft" : "Newsletter" },
        ]}
        title={<span className="break-words">{newsletter.subject}</span>}
        subtitle={
          <>
            <NewsletterStatusBadge status={newsletter.status} />{" "}
            {newsletter.sendStartedAt ? (
              <>
                Sending started <LocalDate iso={newsletter.sendStartedAt} withTime />
              </>
            ) : (
              <>
                Draft, last saved <LocalDate iso={newsletter.updatedAt} withTime />
              </>
            )}
          </>
        }
        actions={
          <Link to="/admin/newsletters" className={buttonClass("secondary", "md")}>
            <ArrowLeft className="size-5" aria-hidden="true" />
            Back to Newsletters
          </Link>
        }
      />

      {mailConfigured ? null : (
        <p
          role="note"
          className="mt-6 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-950"
        >
          {TEST_SEND_TEXT.note}
        </p>
      )}

      <section
        aria-labelledby="progress-heading"
        className="mt-8 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="progress-heading" className="mb-4 text-xl font-extrabold tracking-tight">
          {draft ? "Who gets it" : "Progress"}
        </h2>
        {draft ? (
          <p className="mb-4 text-muted">
            {audience === 0
              ? "There is no subscribed address yet: nobody would get it."
              : `Sending now would reach ${formatCount(audience)} subscribed ${audience === 1 ? "address" : "addresses"}, each once, with their own unsubscribe link.`}
          </p>
        ) : null}
        {draft && !postalAddressSet ? <SiteNotices notices={[POSTAL_ADDRESS_NOTICE]} className="mb-4" /> : null}
        {draft && preview.warnings.length > 0 ? (
          <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-950">
            {preview.warnings.length === 1 ? "A product token does" : `${preview.warnings.length} product tokens do`}{" "}
            not resolve: sending is refused until the draft is fixed. See{" "}
            <a href="#preview-heading" className="underline underline-offset-2">
              the preview
            </a>
            .
          </p>
        ) : null}
        {draft ? null : <NewsletterProgress counts={newsletter.counts} status={newsletter.status} />}
        {draft ? (
          <div className="flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="test" />
              <button
                type="submit"
                className={buttonClass("secondary", "md")}
                disabled={testing}
                aria-busy={testing || undefined}
              >
                <FlaskConical className="size-5" aria-hidden="true" />
                {testing ? "Sending test..." : `Send a test to ${testAddress}`}
              </button>
            </Form>
            {audience > 0 ? (
              <ConfirmSubmitForm
                fields={{ intent: "send" }}
                buttonClassName={buttonClass("primary", "md")}
                confirm={{
                  title: "Send newsletter",
                  description: `Send "${newsletter.subject}" to ${formatCount(audience)} subscribed ${audience === 1 ? "address" : "addresses"} now? Once started, it cannot be changed or stopped.`,
                  confirmLabel: "Send now",
                }}
              >
                <Send className="size-5" aria-hidden="true" />
                Send to {formatCount(audience)} {audience === 1 ? "subscriber" : "subscribers"}
              </ConfirmSubmitForm>
            ) : null}
          </div>
        ) : null}
        {actionData?.kind === "refused" ? (
          <p
            role="alert"
            className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 font-semibold text-red-800"
          >
            {actionData.message}
          </p>
        ) : null}
        {actionData?.kind === "test" ? (
          <p
            role="status"
            className="mt-4 rounded-lg border border-green-200 bg-green-50 px-3 py-2 font-semibold text-green-900"
          >
            {actionData.outcome.message}
            {actionData.outcome.emailSent ? "" : actionData.outcome.note ? ` ${actionData.outcome.note}` : ""}
          </p>
        ) : null}
      </section>

      {draft ? null : (
        <section
          aria-labelledby="clicks-heading"
          className="mt-8 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <h2 id="clicks-heading" className="text-xl font-extrabold tracking-tight">
            Clicks: {formatCount(newsletter.clicks)}
          </h2>
          <p className="mt-1 text-sm text-muted">Readers who followed its links to a retailer, by toy.</p>
          {newsletter.toyClicks.length === 0 ? (
            <p className="mt-4 text-muted">No clicks yet.</p>
          ) : (
            <table className="mt-4 w-full text-left text-sm">
              <caption className="sr-only">Clicks by toy</caption>
              <thead className="text-xs tracking-wide text-muted uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    Toy
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Clicks
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200">
                {newsletter.toyClicks.map((toy) => (
                  <tr key={toy.toyId}>
                    <td className="py-2 pr-4 break-words">{toy.name}</td>
                    <td className="py-2 text-right tabular-nums">{formatCount(toy.clicks)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}

      {draft ? (
        <section
          aria-labelledby="edit-heading"
          className="mt-8 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <h2 id="edit-heading" className="mb-4 text-xl font-extrabold tracking-tight">
            Edit the draft
          </h2>
          <NewsletterForm
            key={newsletter.updatedAt}
            id="newsletter-edit"
            start={{ subject: newsletter.subject, content: newsletter.content, preheader: newsletter.preheader ?? "" }}
            lastResult={
              actionData?.kind === "saved" && actionData.result.status !== "success" ? actionData.result : undefined
            }
            submitLabel="Save and preview"
          />
          <div className="mt-6 border-t border-stone-200 pt-4">
            <ConfirmSubmitForm
              fields={{ intent: "delete" }}
              buttonClassName={buttonClass("secondary", "sm", "hover:border-red-700 hover:text-red-800")}
              confirm={{
                title: "Delete draft",
                description: `Delete the draft "${newsletter.subject}"? This cannot be undone.`,
                confirmLabel: "Delete",
              }}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Delete draft
            </ConfirmSubmitForm>
          </div>
        </section>
      ) : null}

      <section
        aria-labelledby="preview-heading"
        className="mt-8 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="preview-heading" className="mb-4 text-xl font-extrabold tracking-tight">
          Preview: the e-mail as subscribers get it
        </h2>
        <NewsletterPreview preview={preview} />
      </section>
    </div>
  );
}

/** A newsletter id with no newsletter (a deleted draft, or mistyped): said inside the admin shell. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminNotFound error={error} thing="Newsletter" back={{ to: "/admin/newsletters", label: "Back to Newsletters" }} />
  );
}
