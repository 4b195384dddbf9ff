import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Save } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { SiteNotices } from "#app/components/admin/settings/site-notices.tsx";
import { UnsavedChangesDialog } from "#app/components/admin/unsaved-changes-dialog.tsx";
import { FormErrors, TextAreaField } from "#app/components/form/field.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { useKitForm } from "#app/components/form/use-kit-form.ts";
import { formChanged, useUnsavedChanges } from "#app/components/form/use-unsaved-changes.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { toast } from "#app/lib/toast.ts";
import {
  ASSOCIATE_TAG_NOTICE,
  MAX_POSTAL_ADDRESS,
  POSTAL_ADDRESS_ANCHOR,
  SETTINGS_TEXT,
  type SiteSettings,
  siteSettingsInputSchema,
} from "#domain/site-settings.ts";
import type { Route } from "./+types/settings";

export const meta = () => [{ title: pageTitle(SETTINGS_TEXT.title) }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  return { settings: await context.services.siteSettings.get() };
}

interface SettingsActionData {
  result: SubmissionResult<string[]>;
  saved: boolean;
}

// The form posts here, before and after the scripts run: the same schema and service as
// PUT /api/admin/settings.
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const submission = parseWithZod(await request.formData(), { schema: siteSettingsInputSchema });
  if (submission.status !== "success") {
    return data<SettingsActionData>({ result: submission.reply(), saved: false }, { status: 400 });
  }
  await context.services.siteSettings.update(submission.value);
  return data<SettingsActionData>({ result: submission.reply(), saved: true });
}

/** Where the address e-mails carry now comes from, in the owner's words. */
function PostalAddressStatus({ settings }: { settings: SiteSettings }) {
  if (settings.postalAddressSource === "admin") {
    return <p className="text-sm text-muted">E-mails show the address above.</p>;
  }
  if (settings.environmentPostalAddress) {
    return (
      <div className="text-sm text-muted">
        <p>E-mails show the address from the server's configuration (SITE_POSTAL_ADDRESS) until you save one here:</p>
        <p className="mt-1 whitespace-pre-line text-ink">{settings.environmentPostalAddress}</p>
      </div>
    );
  }
  return (
    <p className="text-sm font-semibold text-amber-900">
      No postal address is set: newsletters cannot be sent, and quiz results e-mails go out without one.
    </p>
  );
}

function PostalAddressForm({
  settings,
  lastResult,
}: {
  settings: SiteSettings;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const [startedFrom] = useState(() => ({
    postalAddress: settings.postalAddressSource === "admin" ? (settings.postalAddress ?? "") : "",
  }));
  const { form, fields } = useKitForm({
    id: "site-settings",
    schema: siteSettingsInputSchema,
    lastResult,
    defaultValue: startedFrom,
  });
  const { blocker } = useUnsavedChanges(navigation.state === "idle" && formChanged(form.value, startedFrom));
  return (
    <>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextAreaField
          field={fields.postalAddress}
          label={SETTINGS_TEXT.postalAddressLabel}
          hint={`${SETTINGS_TEXT.postalAddressHint}${settings.environmentPostalAddress ? " Leave it empty to use the server's address below." : ""}`}
          className="font-sans"
          textareaProps={{
            rows: 5,
            maxLength: MAX_POSTAL_ADDRESS,
            autoComplete: "street-address",
            placeholder: "Pawsome Picks LLC\n123 Main Street\nPortland, OR 97201\nUSA",
          }}
        />
        <PostalAddressStatus settings={settings} />
        <div>
          <SubmitButton busyText={SETTINGS_TEXT.saving} icon={<Save className="size-5" aria-hidden="true" />}>
            {SETTINGS_TEXT.save}
          </SubmitButton>
        </div>
      </Form>
      <UnsavedChangesDialog blocker={blocker} what="settings" />
    </>
  );
}

/** /admin/settings: the postal address e-mails carry, and the associate tag the server sets. */
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

      <section
        id={POSTAL_ADDRESS_ANCHOR}
        aria-labelledby="postal-address-heading"
        className="mt-8 scroll-mt-24 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="postal-address-heading" className="mb-4 text-xl font-extrabold tracking-tight">
          {SETTINGS_TEXT.postalAddressHeading}
        </h2>
        {/* a new saved value starts the form again from it */}
        <PostalAddressForm
          key={`${settings.postalAddressSource}:${settings.postalAddress}`}
          settings={settings}
          lastResult={actionData?.saved ? undefined : actionData?.result}
        />
      </section>

      <section
        aria-labelledby="associate-tag-heading"
        className="mt-8 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="associate-tag-heading" className="mb-4 text-xl font-extrabold tracking-tight">
          {SETTINGS_TEXT.associateTagHeading}
        </h2>
        {settings.associateTag ? (
          <p>
            Your Amazon Associates tag is <strong className="font-mono">{settings.associateTag}</strong>: every click
            through to Amazon carries it, so Amazon credits you for what visitors buy. It is set on the server
            (AMAZON_ASSOCIATE_TAG); changing it needs a restart.
          </p>
        ) : (
          <SiteNotices notices={[ASSOCIATE_TAG_NOTICE]} linked={false} />
        )}
      </section>
    </div>
  );
}
