import { getFormProps, type SubmissionResult } from "@conform-to/react";
import SaveNode from "lucide/dist/esm/icons/save.mjs";
import { type ReactNode, useCallback, useState } from "react";
import { Form, useNavigation } from "react-router";
import { SiteNotices } from "#app/components/admin/site-notices.tsx";
import { UnsavedChangesDialog } from "#app/components/admin/unsaved-changes-dialog.tsx";
import { FormErrors, SelectField, TextAreaField, TextField } from "#app/components/form/field.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { formModule, useKitForm } from "#app/components/form/use-kit-form.ts";
import { formChanged, useUnsavedChanges } from "#app/components/form/use-unsaved-changes.ts";
import { icon } from "#app/components/ui/icon.ts";
import { ASSOCIATE_TAG_NOTICE } from "#domain/associate-tag-text.ts";
import { MAX_DISCLOSURE_TEXT } from "#domain/disclosure.ts";
import {
  associateTagLines,
  countryName,
  MARKETPLACE_HOSTS,
  type MarketplaceCountry,
  marketplaceOfHost,
} from "#domain/marketplaces.ts";
import { ASSOCIATE_TAGS_ANCHOR, POSTAL_ADDRESS_ANCHOR } from "#domain/settings-links.ts";
import type { SettingSource, SiteSettings } from "#domain/site-settings.ts";
import {
  CREDENTIAL_VERSION_LABELS,
  CREDENTIAL_VERSIONS,
  MAX_POSTAL_ADDRESS,
  SCHEDULE_LIMITS,
  SETTINGS_TEXT,
} from "#domain/site-settings-text.ts";

const Save = icon("save", SaveNode);

// The schema module this form checks with, loaded on the form's first focus or press (use-kit-form.ts).
const settingsForms = formModule(() => import("#domain/site-settings.ts"));

const CARD = "mt-8 scroll-mt-24 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6";

/** One part of the settings, under its heading (a region named by it). */
function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={CARD}>
      <h2 id={`${id}-heading`} className="text-xl font-extrabold tracking-tight">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-muted">{intro}</p> : null}
      <div className="mt-4 grid gap-4">{children}</div>
    </section>
  );
}

/**
 * Whose value applies, in the owner's words: theirs, or the server's configuration (named by its
 * variables) with its value, or nobody's. Said under each section, so the owner knows what an
 * empty field means.
 */
function SourceNote({
  source,
  variables,
  environment,
  none,
}: {
  source: SettingSource;
  variables: string;
  environment: ReactNode;
  none?: ReactNode;
}) {
  if (source === "admin") {
    return (
      <p className="text-sm text-muted" data-source="admin">
        Your setting above applies. Empty the field and save to use the server's configuration ({variables}) again.
      </p>
    );
  }
  if (source === "environment") {
    return (
      <div className="text-sm text-muted" data-source="environment">
        <p>The server's configuration ({variables}) applies until you save your own:</p>
        <div className="mt-1 text-ink">{environment}</div>
      </div>
    );
  }
  return none ? (
    <div className="text-sm" data-source="none">
      {none}
    </div>
  ) : null;
}

/** The form's starting values: the owner's saved ones; a field the configuration fills starts empty. */
function startingValues(settings: SiteSettings, home: MarketplaceCountry | null) {
  const own = <T,>(source: SettingSource, value: T) => (source === "admin" ? value : undefined);
  const ownTags = settings.associateTagsSource === "admin" ? settings.associateTags : {};
  const creators = settings.creators;
  return {
    postalAddress: own(settings.postalAddressSource, settings.postalAddress ?? ""),
    associateTag: home ? ownTags[home] : undefined,
    moreAssociateTags: associateTagLines(ownTags, home) || undefined,
    creatorsClientId: creators?.source === "admin" ? creators.clientId : undefined,
    creatorsCredentialVersion: creators?.credentialVersion ?? "2.1",
    creatorsMarketplace: creators?.marketplace ?? settings.defaultMarketplace,
    feedUrls: own(settings.feedUrlsSource, settings.feedUrls.join("\n")),
    syncIntervalMinutes: own(settings.syncIntervalMinutesSource, settings.syncIntervalMinutes),
    linkCheckIntervalHours: own(settings.linkCheckIntervalHoursSource, settings.linkCheckIntervalHours),
    priceMaxAgeHours: own(settings.priceMaxAgeHoursSource, settings.priceMaxAgeHours),
    disclosureText: own(settings.disclosureTextSource, settings.disclosureText),
  };
}

const whose = (source: SettingSource) => (source === "admin" ? "yours" : "the server's");

const tagList = (tags: Record<string, string>) =>
  Object.entries(tags)
    .map(([country, tag]) => `${country}=${tag}`)
    .join(", ");

/** Where the address e-mails carry now comes from, in the owner's words. */
function PostalAddressStatus({ settings }: { settings: SiteSettings }) {
  if (settings.postalAddressSource === "admin") {
    return <p className="text-sm text-muted">E-mails show the address above.</p>;
  }
  if (settings.environmentPostalAddress) {
    return (
      <div className="text-sm text-muted" data-source="environment">
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

/**
 * The settings page's one form: every setting in its section, posted to the page's action (the
 * same schema and service as PUT /api/admin/settings), before and after the scripts run.
 */
export function SettingsForm({
  settings,
  lastResult,
}: {
  settings: SiteSettings;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const home = marketplaceOfHost(settings.defaultMarketplace);
  const schema = useCallback(
    (forms: typeof import("#domain/site-settings.ts")) => forms.siteSettingsFormSchema(home),
    [home],
  );
  const [startedFrom] = useState(() => startingValues(settings, home));
  const { form, fields } = useKitForm({
    id: "site-settings",
    module: settingsForms,
    schema,
    lastResult,
    defaultValue: startedFrom,
  });
  const { blocker } = useUnsavedChanges(navigation.state === "idle" && formChanged(form.value, startedFrom));
  const creators = settings.creators;
  const savedSecret = creators?.source === "admin" && creators.hasSecret;
  const number = (min: number, max: number, step: string) => ({ min, max, step, inputMode: "decimal" as const });

  return (
    <>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />

        <Section id={ASSOCIATE_TAGS_ANCHOR} title={SETTINGS_TEXT.associateTagHeading}>
          {home ? (
            <TextField
              field={fields.associateTag}
              label={SETTINGS_TEXT.associateTagLabel(settings.defaultMarketplace)}
              hint={SETTINGS_TEXT.associateTagHint}
              inputProps={{ autoComplete: "off", spellCheck: false, placeholder: "yourname-20", maxLength: 64 }}
            />
          ) : null}
          <TextAreaField
            field={fields.moreAssociateTags}
            label={SETTINGS_TEXT.moreAssociateTagsLabel}
            hint={SETTINGS_TEXT.moreAssociateTagsHint(settings.defaultMarketplace)}
            textareaProps={{ rows: 3, spellCheck: false, placeholder: "GB=pawsomeuk-21\nDE=pawsomede-21" }}
          />
          <SourceNote
            source={settings.associateTagsSource}
            variables="AMAZON_ASSOCIATE_TAG, AMAZON_ASSOCIATE_TAGS"
            environment={<p className="font-mono">{tagList(settings.environmentAssociateTags)}</p>}
          />
          {settings.associateTag ? null : <SiteNotices notices={[ASSOCIATE_TAG_NOTICE]} linked={false} />}
        </Section>

        <Section id="creators-api" title={SETTINGS_TEXT.creatorsHeading} intro={SETTINGS_TEXT.creatorsIntro}>
          <TextField
            field={fields.creatorsClientId}
            label={SETTINGS_TEXT.clientIdLabel}
            inputProps={{ autoComplete: "off", spellCheck: false }}
          />
          <TextField
            field={fields.creatorsClientSecret}
            type="password"
            label={SETTINGS_TEXT.clientSecretLabel}
            hint={savedSecret ? SETTINGS_TEXT.clientSecretSaved : SETTINGS_TEXT.clientSecretHint}
            // a new secret, never the admin's own password: no password manager should fill it in
            inputProps={{ autoComplete: "new-password", spellCheck: false }}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField field={fields.creatorsCredentialVersion} label={SETTINGS_TEXT.credentialVersionLabel}>
              {CREDENTIAL_VERSIONS.map((version) => (
                <option key={version} value={version}>
                  {CREDENTIAL_VERSION_LABELS[version]}
                </option>
              ))}
            </SelectField>
            <SelectField field={fields.creatorsMarketplace} label={SETTINGS_TEXT.marketplaceLabel}>
              {(Object.entries(MARKETPLACE_HOSTS) as [MarketplaceCountry, string][]).map(([country, host]) => (
                <option key={host} value={host}>
                  {`${host} (${countryName(country)})`}
                </option>
              ))}
            </SelectField>
          </div>
          <p className="text-sm text-muted">
            {SETTINGS_TEXT.credentialVersionHint} {SETTINGS_TEXT.marketplaceHint}
          </p>
          {creators?.source === "admin" && !creators.hasSecret ? (
            <p className="text-sm font-semibold text-amber-900">
              The saved client secret can no longer be read (the app secret changed): type it again.
            </p>
          ) : null}
          <SourceNote
            source={settings.creatorsSource}
            variables="AMAZON_CREATORS_CLIENT_ID, AMAZON_CREATORS_CLIENT_SECRET"
            environment={
              settings.environmentCreators ? (
                <p>
                  <span className="font-mono break-all">{settings.environmentCreators.clientId}</span>, version{" "}
                  {settings.environmentCreators.credentialVersion}, {settings.environmentCreators.marketplace}
                </p>
              ) : null
            }
            none={
              <p className="text-muted">
                Not set up: prices come from the product feeds and what you type, and Amazon links stay unchecked.
              </p>
            }
          />
        </Section>

        <Section id="product-feeds" title={SETTINGS_TEXT.feedsHeading}>
          <TextAreaField
            field={fields.feedUrls}
            label={SETTINGS_TEXT.feedUrlsLabel}
            hint={SETTINGS_TEXT.feedUrlsHint}
            textareaProps={{ rows: 4, spellCheck: false, placeholder: "https://shop.example/feed.xml" }}
          />
          <SourceNote
            source={settings.feedUrlsSource}
            variables="PRODUCT_FEED_URLS"
            environment={
              <ul className="grid gap-1 font-mono break-all">
                {settings.environmentFeedUrls.map((url) => (
                  <li key={url}>{url}</li>
                ))}
              </ul>
            }
            none={<p className="text-muted">No product feed is set up.</p>}
          />
        </Section>

        <Section id="schedules" title={SETTINGS_TEXT.schedulesHeading}>
          <TextField
            field={fields.syncIntervalMinutes}
            type="number"
            label={`${SETTINGS_TEXT.syncIntervalLabel} (${SETTINGS_TEXT.syncIntervalUnit})`}
            hint={`${SETTINGS_TEXT.syncIntervalHint} Empty: the server's ${settings.environmentSyncIntervalMinutes} minutes (PRODUCT_SYNC_INTERVAL_MINUTES).`}
            inputProps={number(SCHEDULE_LIMITS.syncIntervalMinutes.min, SCHEDULE_LIMITS.syncIntervalMinutes.max, "1")}
          />
          <TextField
            field={fields.linkCheckIntervalHours}
            type="number"
            label={`${SETTINGS_TEXT.linkCheckIntervalLabel} (${SETTINGS_TEXT.linkCheckIntervalUnit})`}
            hint={`${SETTINGS_TEXT.linkCheckIntervalHint} Empty: the server's ${settings.environmentLinkCheckIntervalHours} hours (LINK_CHECK_INTERVAL_HOURS).`}
            inputProps={number(0, SCHEDULE_LIMITS.linkCheckIntervalHours.max, "any")}
          />
          <TextField
            field={fields.priceMaxAgeHours}
            type="number"
            label={`${SETTINGS_TEXT.priceMaxAgeLabel} (${SETTINGS_TEXT.priceMaxAgeUnit})`}
            hint={`${SETTINGS_TEXT.priceMaxAgeHint} Empty: the server's ${settings.environmentPriceMaxAgeHours} hours (PRICE_MAX_AGE_HOURS).`}
            inputProps={number(SCHEDULE_LIMITS.priceMaxAgeHours.min, SCHEDULE_LIMITS.priceMaxAgeHours.max, "any")}
          />
          <p className="text-sm text-muted" data-testid="schedules-in-force">
            {`In force now: a product sync every ${settings.syncIntervalMinutes} minutes (${whose(settings.syncIntervalMinutesSource)}), a link check every ${settings.linkCheckIntervalHours} hours (${whose(settings.linkCheckIntervalHoursSource)}), and prices ${
              settings.priceMaxAgeHours === 0 ? "shown at any age" : `hidden after ${settings.priceMaxAgeHours} hours`
            } (${whose(settings.priceMaxAgeHoursSource)}).`}
          </p>
        </Section>

        <Section id="disclosure" title={SETTINGS_TEXT.disclosureHeading}>
          <TextAreaField
            field={fields.disclosureText}
            label={SETTINGS_TEXT.disclosureLabel}
            hint={SETTINGS_TEXT.disclosureHint}
            className="font-sans"
            textareaProps={{ rows: 3, maxLength: MAX_DISCLOSURE_TEXT }}
          />
          <SourceNote
            source={settings.disclosureTextSource}
            variables="SITE_DISCLOSURE_TEXT"
            environment={<p>{settings.environmentDisclosureText}</p>}
          />
        </Section>

        <Section id={POSTAL_ADDRESS_ANCHOR} title={SETTINGS_TEXT.postalAddressHeading}>
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
        </Section>

        <div className="mt-8">
          <SubmitButton busyText={SETTINGS_TEXT.saving} icon={<Save className="size-5" aria-hidden="true" />}>
            {SETTINGS_TEXT.save}
          </SubmitButton>
        </div>
      </Form>
      <UnsavedChangesDialog blocker={blocker} what="settings" />
    </>
  );
}
