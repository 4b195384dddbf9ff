import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data } from "react-router";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { serviceRefusal } from "#app/components/form/service-refusal.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { toast } from "#app/lib/toast.ts";
import { marketplaceOfHost } from "#domain/marketplaces.ts";
import { siteSettingsFormSchema } from "#domain/site-settings.ts";
import { SETTINGS_FORM_FIELDS, SETTINGS_TEXT } from "#domain/site-settings-text.ts";
import type { Route } from "./+types/settings";
import { SettingsForm } from "./settings-form.tsx";

export const meta = () => [{ title: pageTitle(SETTINGS_TEXT.title) }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  return { settings: await app.services.siteSettings.get() };
}

/** Never sent back to the browser, not even the value just typed (it would sit in the page's data). */
const HIDDEN = { hideFields: ["creatorsClientSecret"] };

interface SettingsActionData {
  result: SubmissionResult<string[]>;
  saved: boolean;
}

// The form posts here, before and after the scripts run: its fields become the body of
// PUT /api/admin/settings, checked by the same schema and saved by the same service.
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const { siteSettings } = app.services;
  const home = marketplaceOfHost((await siteSettings.get()).defaultMarketplace);
  const submission = parseWithZod(await request.formData(), { schema: siteSettingsFormSchema(home) });
  if (submission.status !== "success") {
    return data<SettingsActionData>({ result: submission.reply(HIDDEN), saved: false }, { status: 400 });
  }
  try {
    await siteSettings.update(submission.value);
  } catch (error) {
    // a credential without a secret, none saved yet: said under the secret's field
    const refusal = serviceRefusal(error, []);
    if (!refusal) throw error;
    const message = (error as Error).message;
    const field = SETTINGS_FORM_FIELDS[String((error as { field?: unknown }).field)];
    const result = submission.reply({
      ...HIDDEN,
      ...(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
    });
    return data<SettingsActionData>({ result, saved: false }, { status: refusal.status });
  }
  return data<SettingsActionData>({ result: submission.reply(HIDDEN), saved: true });
}

/** /admin/settings: the owner's settings over the server's configuration, in one form. */
export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;

  useEffect(() => {
    if (actionData?.saved) toast({ title: SETTINGS_TEXT.saved });
  }, [actionData]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        crumbs={[{ label: "Dashboard", to: "/admin/dashboard" }, { label: SETTINGS_TEXT.title }]}
        title={SETTINGS_TEXT.title}
        subtitle={SETTINGS_TEXT.intro}
      />
      {actionData?.saved ? (
        <p
          role="status"
          className="mt-6 rounded-lg border border-green-200 bg-green-50 px-3 py-2 font-semibold text-green-900"
        >
          {SETTINGS_TEXT.saved}
        </p>
      ) : null}
      {/* a new saved value starts the form again from it */}
      <SettingsForm
        key={JSON.stringify(settings)}
        settings={settings}
        lastResult={actionData?.saved ? undefined : actionData?.result}
      />
    </div>
  );
}
