import { parseWithZod } from "@conform-to/zod/v4";
import CircleCheckNode from "lucide/dist/esm/icons/circle-check.mjs";
import DownloadNode from "lucide/dist/esm/icons/download.mjs";
import SearchNode from "lucide/dist/esm/icons/search.mjs";
import { useEffect } from "react";
import { data, Form } from "react-router";
import { LocalDate } from "#app/components/admin/local-date.tsx";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { formatCount } from "#app/components/admin/panel.tsx";
import { INPUT_CLASS } from "#app/components/form/field.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { settle } from "#app/lib/result.ts";
import { toast } from "#app/lib/toast.ts";
import { emailAddressSchema } from "#domain/email.ts";
import { type DataErasure, erasureFormSchema, type PersonalDataSummary } from "#domain/personal-data.ts";
import { ERASURE_COUNT_LABELS, PERSONAL_DATA_FILENAME } from "#domain/personal-data-text.ts";
import { CONSENT_ACTION_LABELS, CONSENT_SOURCE_LABELS, SUBSCRIBER_STATUS_LABELS } from "#domain/subscriber-text.ts";
import type { Route } from "./+types/requests";
import { EraseForm } from "./erase-form.tsx";

const CircleCheck = icon("circle-check", CircleCheckNode);
const Download = icon("download", DownloadNode);
const Search = icon("search", SearchNode);

export const meta = () => [{ title: pageTitle("Data Requests") }, { name: "robots", content: "noindex" }];

// The address sits in this page's URL so a lookup can be reloaded; the request log leaves query
// values out, so it reaches no log.
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const { personalData } = app.services;
  const typed = new URL(request.url).searchParams.get("email");
  const parsed = typed === null ? null : emailAddressSchema.safeParse(typed);
  const email = parsed?.success ? parsed.data : null;
  const log = (what: string) => (error: unknown) => app.logger.error({ err: error }, `data requests: ${what} failed`);
  const [held, erasuresOfEmail, recent] = await Promise.all([
    email ? settle(() => personalData.lookUp(email), log("look-up")) : null,
    email ? settle(() => personalData.listErasures(email), log("erasures of an address")) : null,
    settle(() => personalData.listErasures(), log("recent erasures")),
  ]);
  return {
    typed: typed ?? "",
    invalid: parsed !== null && !parsed.success,
    email,
    // what the page shows: how much there is of each kind and the consent history, not the data
    // itself (that is the download)
    held: held?.ok ? held.data : held === null ? null : ("failed" as const),
    erasuresOfEmail: erasuresOfEmail?.ok ? erasuresOfEmail.data : [],
    recent: recent.ok ? recent.data.slice(0, 20) : null,
  };
}

// The erasure: the same schema-checked address and the same service as DELETE /api/admin/personal-data.
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const submission = parseWithZod(await request.formData(), { schema: erasureFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), erased: null }, { status: 400 });
  const erased = await app.services.personalData.erase(submission.value.email);
  return { result: submission.reply({ resetForm: true }), erased: erased as DataErasure | null };
}

function Counts({ counts }: { counts: Record<keyof typeof ERASURE_COUNT_LABELS, number> }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {(Object.keys(ERASURE_COUNT_LABELS) as (keyof typeof ERASURE_COUNT_LABELS)[]).map((key) => (
        <div key={key} className="rounded-lg border border-stone-200 p-3">
          <dt className="text-xs font-bold tracking-wide text-muted uppercase">{ERASURE_COUNT_LABELS[key]}</dt>
          <dd className="mt-1 text-2xl font-extrabold tabular-nums">{formatCount(counts[key])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The address's newsletter consents and withdrawals, oldest first, with the wording shown. */
function ConsentHistory({ summary }: { summary: PersonalDataSummary }) {
  return (
    <div className="mt-6">
      <h3 className="font-extrabold">Newsletter consent history</h3>
      <p className="mt-1 text-sm text-muted">
        Now:{" "}
        {summary.subscriberStatus
          ? SUBSCRIBER_STATUS_LABELS[summary.subscriberStatus].toLowerCase()
          : "not a subscriber"}
        . Every consent and withdrawal, oldest first.
      </p>
      <ol className="mt-3 divide-y divide-stone-200 rounded-lg border border-stone-200" aria-label="Consent history">
        {summary.consentHistory.map((event) => (
          <li key={`${event.at} ${event.action} ${event.source}`} className="p-3 text-sm" data-testid="consent-event">
            <p>
              <strong className="font-bold">{CONSENT_ACTION_LABELS[event.action] ?? event.action}</strong>{" "}
              <span className="text-muted">
                · <LocalDate iso={event.at} withTime /> · {CONSENT_SOURCE_LABELS[event.source] ?? event.source}
              </span>
            </p>
            {event.consentText ? (
              <p className="mt-1 break-words text-muted">
                Shown: <q>{event.consentText}</q>
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** /admin/data-rights: a visitor's data as a JSON download, or erased in one confirmed action, with the record. */
export default function AdminDataRights({ loaderData, actionData }: Route.ComponentProps) {
  const { typed, invalid, email, held, erasuresOfEmail, recent } = loaderData;
  const erased = actionData?.erased ?? null;
  const summary = held && held !== "failed" ? held : null;
  const counts = summary?.counts ?? null;
  const total = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : 0;

  useEffect(() => {
    if (erased)
      toast({ title: "Erased", description: "Everything about the address is gone; the erasure is recorded." });
  }, [erased]);

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        crumbs={[
          { label: "Dashboard", to: "/admin/dashboard" },
          { label: "Subscribers", to: "/admin/subscribers" },
          { label: "Data Requests" },
        ]}
        title="Data Requests"
        subtitle="When someone asks what the site holds about them, or to be forgotten (GDPR, CCPA)"
      />

      <section
        aria-labelledby="lookup-heading"
        className="mt-8 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="lookup-heading" className="text-xl font-extrabold tracking-tight">
          Look up an address
        </h2>
        <Form
          method="get"
          role="search"
          aria-labelledby="lookup-heading"
          className="mt-4 flex flex-wrap items-end gap-3"
        >
          <div className="min-w-0 flex-1 basis-64">
            <label htmlFor="data-email" className="block text-sm font-bold">
              E-mail address
            </label>
            <input
              key={typed}
              id="data-email"
              name="email"
              type="email"
              required
              defaultValue={typed}
              autoComplete="off"
              maxLength={254}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? "data-email-error" : undefined}
              className={INPUT_CLASS}
            />
          </div>
          <button type="submit" className={buttonClass("secondary", "md")}>
            <Search className="size-5" aria-hidden="true" />
            Look up
          </button>
        </Form>
        {invalid ? (
          <p id="data-email-error" role="alert" className="mt-2 text-sm font-semibold text-red-700">
            Please enter a valid email address
          </p>
        ) : null}
      </section>

      {erased ? (
        <section
          aria-labelledby="erased-heading"
          className="mt-8 rounded-xl border border-green-200 bg-green-50 p-4 sm:p-6"
        >
          <h2
            id="erased-heading"
            className="flex items-center gap-2 text-xl font-extrabold tracking-tight text-green-900"
          >
            <CircleCheck className="size-6" aria-hidden="true" />
            Erased
          </h2>
          <p role="status" className="mt-2 text-green-950">
            Recorded <LocalDate iso={erased.erasedAt} withTime /> as{" "}
            <code className="font-mono text-xs break-all">{erased.emailHash}</code> (a hash of the address keyed with
            the site's secret; the address is not kept).
          </p>
          <div className="mt-4">
            <Counts counts={erased.counts} />
          </div>
        </section>
      ) : email && held === "failed" ? (
        <p role="alert" className="mt-8 font-semibold">
          What the site holds about this address could not be read. Please try again.
        </p>
      ) : email && counts ? (
        <section
          aria-labelledby="held-heading"
          className="mt-8 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <h2 id="held-heading" className="text-xl font-extrabold tracking-tight break-all">
            What the site holds about {email}
          </h2>
          <p className="mt-1 text-sm text-muted">The address is matched whatever its letter case.</p>
          <div className="mt-4">
            <Counts counts={counts} />
          </div>
          {summary && summary.consentHistory.length > 0 ? <ConsentHistory summary={summary} /> : null}
          {erasuresOfEmail.length > 0 ? (
            <p className="mt-4 text-sm">
              Erased before: {erasuresOfEmail.map((e) => new Date(e.erasedAt).toISOString().slice(0, 10)).join(", ")}{" "}
              (UTC).
            </p>
          ) : null}
          {total === 0 ? (
            <p className="mt-4 font-semibold">The site holds nothing about this address.</p>
          ) : (
            <div className="mt-6 grid gap-6">
              <div>
                <h3 className="font-extrabold">Give them a copy</h3>
                <p className="mt-1 text-sm text-muted">
                  One JSON file with every record and e-mail, to send to the person.
                </p>
                <a
                  href={`/api/admin/personal-data?email=${encodeURIComponent(email)}`}
                  download={PERSONAL_DATA_FILENAME}
                  className={buttonClass("primary", "md", "mt-3")}
                >
                  <Download className="size-5" aria-hidden="true" />
                  Download JSON
                </a>
              </div>
              <div className="border-t border-stone-200 pt-6">
                <h3 className="font-extrabold text-red-800">Erase it all</h3>
                <div className="mt-3">
                  <EraseForm key={email} email={email} lastResult={actionData?.result} />
                </div>
              </div>
            </div>
          )}
        </section>
      ) : null}

      <section
        aria-labelledby="erasures-heading"
        className="mt-8 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="erasures-heading" className="text-xl font-extrabold tracking-tight">
          Erasures on record
        </h2>
        <p className="mt-1 text-sm text-muted">
          Only the time and a hash of the address (trimmed, in lower case) are kept: an HMAC-SHA256 keyed with the
          site's secret, so nobody without it can test a guessed address (erasures recorded before it keep a plain
          SHA-256, marked so). Looking an address up above says whether it was erased.
        </p>
        {recent === null ? (
          <p role="alert" className="mt-4 font-semibold">
            The erasures could not be loaded.
          </p>
        ) : recent.length === 0 ? (
          <p className="mt-4 text-muted">No erasures yet.</p>
        ) : (
          <ul className="mt-4 divide-y divide-stone-200" aria-label="Recent erasures">
            {recent.map((erasure) => (
              <li key={erasure.id} className="py-3 text-sm" data-testid="erasure-row">
                <LocalDate iso={erasure.erasedAt} withTime className="font-semibold" />{" "}
                <code className="font-mono text-xs break-all text-muted">{erasure.emailHash.slice(0, 16)}…</code>
                {erasure.hashKind === "sha256" ? <span className="text-xs text-muted"> (plain SHA-256)</span> : null}
                <span className="block text-muted">
                  {(Object.keys(ERASURE_COUNT_LABELS) as (keyof typeof ERASURE_COUNT_LABELS)[])
                    .map((key) => `${erasure.counts[key]} ${ERASURE_COUNT_LABELS[key].toLowerCase()}`)
                    .join(", ")}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
