import type { AuditItemKind } from "#domain/audit.ts";
import { ADMIN_USERNAME } from "#domain/auth.ts";
import { cleanFileName } from "#domain/media.ts";
import type { AuditRule, AuditRules, AuditService, NewAuditEntry } from "./audit.service";
import { neutralLabel } from "./audit.service";
import type { AuthService } from "./auth.service";
import type { BreedEditorService } from "./breed-editor.service";
import type { CatalogueCsvService } from "./catalogue-csv.service";
import type { CategoryEditorService } from "./category-editor.service";
import type { EarningsService } from "./earnings.service";
import type { EarningsImportService } from "./earnings-import.service";
import type { InboxService } from "./inbox.service";
import type { LinkCheckService } from "./link-check.service";
import type { MediaService } from "./media.service";
import type { NewslettersService } from "./newsletters.service";
import type { PersonalDataService } from "./personal-data.service";
import type { PostEditorService } from "./post-editor.service";
import type { ProductEditorService } from "./product-editor.service";
import type { ProductSyncService } from "./product-sync.service";
import type { QuizSubmissionsService } from "./quiz-submissions.service";
import type { SiteSettingsService } from "./site-settings.service";
import type { SubscribersService } from "./subscribers.service";
import type { PurgeWhich } from "./trash.service";

// Which method of which service records which audit action, and how its item is named
// (decision 029). create-services.ts applies them with `audited`. An item is named from the
// call's arguments and result; where the call deletes it, its name is read just before.
// Nothing here may put a visitor's address, name or words into the log.

type LookUp = AuditService["lookUp"];

/** How much of the address's keyed hash an entry keeps: enough to match an erasure record, not to be one. */
export const HASH_PREFIX_LENGTH = 12;

const purgedOne = (which: PurgeWhich): number | null =>
  "id" in which && typeof which.id === "number" ? which.id : null;

/**
 * A purge from the trash: one item for good, or the trash emptied. The hourly purge of items
 * past their 30 days is the server's doing, not the owner's, and records nothing.
 */
function purgeRule(lookUp: LookUp, kind: AuditItemKind, plural: string): AuditRule<[PurgeWhich], number> {
  return {
    before: async ([which]) => {
      const id = purgedOne(which);
      return id === null ? null : lookUp(kind, id);
    },
    entries: ([which], count, before) => {
      if (count === 0) return null;
      const id = purgedOne(which);
      if (id !== null) {
        return { action: "delete", itemKind: kind, itemId: id, itemLabel: before?.label, details: { forever: true } };
      }
      if ("all" in which && which.all === true) {
        return { action: "delete", itemKind: kind, itemLabel: `${count} ${plural}`, details: { forever: true, count } };
      }
      return null;
    },
  };
}

/** An item's name as it is now, or its kind and id when it has none (a detail naming another item). */
async function nameOf(lookUp: LookUp, kind: AuditItemKind, id: number): Promise<string> {
  return (await lookUp(kind, id))?.label ?? `#${id}`;
}

/** A move to the trash, or back from it, of an item whose name is read before the call. */
function trashRule(lookUp: LookUp, kind: AuditItemKind, action: "delete" | "restore"): AuditRule<[number], boolean> {
  return {
    before: ([id]) => lookUp(kind, id),
    entries: ([id], done, before) =>
      done
        ? {
            action,
            itemKind: kind,
            itemId: id,
            itemLabel: before?.label,
            details: action === "restore" ? { from: "trash" } : {},
          }
        : null,
  };
}

/** Posts: create, save (publish when a draft goes live), restore a revision, bulk actions (per post), trash, restore, purge. */
export function postEditorRules(lookUp: LookUp): AuditRules<PostEditorService> {
  return {
    create: {
      entries: (_args, post) => {
        const created: NewAuditEntry = { action: "create", itemKind: "post", itemId: post.id, itemLabel: post.title };
        if (post.status === "draft") return created;
        return [
          created,
          {
            action: "publish",
            itemKind: "post",
            itemId: post.id,
            itemLabel: post.title,
            details: { scheduled: post.status === "scheduled" },
          },
        ];
      },
    },
    edit: {
      before: ([id]) => lookUp("post", id),
      entries: (_args, post, before) => {
        if (!post) return null;
        const item = { itemKind: "post" as const, itemId: post.id, itemLabel: post.title };
        const wasDraft = before?.status === "draft";
        if (wasDraft && post.status !== "draft") {
          return { action: "publish", ...item, details: { scheduled: post.status === "scheduled" } };
        }
        if (before && !wasDraft && post.status === "draft")
          return { action: "update", ...item, details: { unpublished: true } };
        return { action: "update", ...item };
      },
    },
    restoreRevision: {
      entries: ([, revisionId], post) =>
        post
          ? {
              action: "restore",
              itemKind: "post",
              itemId: post.id,
              itemLabel: post.title,
              details: { revision: revisionId },
            }
          : null,
    },
    // one entry per post the bulk action changed, as if each had been done on its own
    bulk: {
      entries: (_args, result) =>
        result.changed.map((post): NewAuditEntry => {
          const item = { itemKind: "post" as const, itemId: post.id, itemLabel: post.title };
          if (result.action === "publish") {
            return { action: "publish", ...item, details: { bulk: true, scheduled: post.scheduled } };
          }
          if (result.action === "unpublish")
            return { action: "update", ...item, details: { bulk: true, unpublished: true } };
          return { action: "delete", ...item, details: { bulk: true } };
        }),
    },
    remove: trashRule(lookUp, "post", "delete"),
    restore: trashRule(lookUp, "post", "restore"),
    purge: purgeRule(lookUp, "post", "posts"),
  };
}

/** Products: create (and duplicate, as a draft), save (publish when a draft goes live), bulk actions, trash, restore, purge. */
export function productEditorRules(lookUp: LookUp): AuditRules<ProductEditorService> {
  return {
    create: {
      entries: (_args, toy) => ({ action: "create", itemKind: "product", itemId: toy.id, itemLabel: toy.name }),
    },
    // a draft (a duplicate) that goes live is a publication, as a post's is
    update: {
      before: ([id]) => lookUp("product", id),
      entries: (_args, toy, before) => {
        if (!toy) return null;
        const item = { itemKind: "product" as const, itemId: toy.id, itemLabel: toy.name };
        if (before?.status === "draft" && toy.status === "published") return { action: "publish", ...item };
        if (before?.status === "published" && toy.status === "draft")
          return { action: "update", ...item, details: { unpublished: true } };
        return { action: "update", ...item };
      },
    },
    duplicate: {
      entries: ([id], toy) =>
        toy
          ? { action: "create", itemKind: "product", itemId: toy.id, itemLabel: toy.name, details: { duplicateOf: id } }
          : null,
    },
    bulk: {
      entries: (_args, result) =>
        result.count > 0
          ? {
              action: result.action === "delete" ? "delete" : "update",
              itemKind: "product",
              itemLabel: result.count === 1 ? "1 product" : `${result.count} products`,
              details: { bulk: result.action, count: result.count },
            }
          : null,
    },
    remove: trashRule(lookUp, "product", "delete"),
    restore: trashRule(lookUp, "product", "restore"),
    purge: purgeRule(lookUp, "product", "products"),
    // The spec's step-by-step save (decision 012): each link added or removed is a change to its product.
    addCategory: {
      before: ([toyId]) => lookUp("product", toyId),
      entries: async ([toyId, categoryId], _link, before) => ({
        action: "update",
        itemKind: "product",
        itemId: toyId,
        itemLabel: before?.label,
        details: { categoryAdded: await nameOf(lookUp, "category", categoryId) },
      }),
    },
    removeCategories: {
      before: ([toyId]) => lookUp("product", toyId),
      entries: ([toyId], count, before) =>
        count > 0
          ? {
              action: "update",
              itemKind: "product",
              itemId: toyId,
              itemLabel: before?.label,
              details: { categoriesRemoved: count },
            }
          : null,
    },
    addBreedLink: {
      before: ([input]) => lookUp("product", input.toyId),
      entries: ([input], link, before) => ({
        action: "update",
        itemKind: "product",
        itemId: input.toyId,
        itemLabel: before?.label,
        details: { breedRecommended: link.breed.name },
      }),
    },
    removeBreedLink: {
      entries: async (_args, link) =>
        link
          ? {
              action: "update",
              itemKind: "product",
              itemId: link.toyId,
              itemLabel: (await lookUp("product", link.toyId))?.label,
              details: { breedUnrecommended: await nameOf(lookUp, "breed", link.breedId) },
            }
          : null,
    },
    // "Use this URL" of the link check (issue 27)
    replaceLink: {
      entries: (_args, toy) => ({
        action: "update",
        itemKind: "product",
        itemId: toy.id,
        itemLabel: toy.name,
        details: { linkFromCheck: true },
      }),
    },
    removeBreedLinks: {
      before: ([toyId]) => lookUp("product", toyId),
      entries: ([toyId], count, before) =>
        count > 0
          ? {
              action: "update",
              itemKind: "product",
              itemId: toyId,
              itemLabel: before?.label,
              details: { breedLinksRemoved: count },
            }
          : null,
    },
  };
}

/** Categories: create, save, reorder or move, delete (its products moved elsewhere first, if asked). */
export function categoryEditorRules(lookUp: LookUp): AuditRules<CategoryEditorService> {
  return {
    create: {
      entries: (_args, category) => ({
        action: "create",
        itemKind: "category",
        itemId: category.id,
        itemLabel: category.name,
      }),
    },
    update: {
      entries: (_args, category) =>
        category ? { action: "update", itemKind: "category", itemId: category.id, itemLabel: category.name } : null,
    },
    reorder: {
      entries: () => ({
        action: "update",
        itemKind: "category",
        itemLabel: "Category order",
        details: { order: true },
      }),
    },
    move: {
      before: ([id]) => lookUp("category", id),
      entries: ([id, direction], moved, before) =>
        moved
          ? {
              action: "update",
              itemKind: "category",
              itemId: id,
              itemLabel: before?.label,
              details: { moved: direction },
            }
          : null,
    },
    remove: {
      before: ([id]) => lookUp("category", id),
      entries: ([id, options], gone, before) =>
        gone
          ? {
              action: "delete",
              itemKind: "category",
              itemId: id,
              itemLabel: before?.label,
              details: options?.moveTo === undefined ? {} : { moveTo: options.moveTo },
            }
          : null,
    },
  };
}

/** Breeds: create, save, delete (with their recommendations, if confirmed). */
export function breedEditorRules(lookUp: LookUp): AuditRules<BreedEditorService> {
  return {
    create: {
      entries: (_args, breed) => ({ action: "create", itemKind: "breed", itemId: breed.id, itemLabel: breed.name }),
    },
    update: {
      entries: (_args, breed) =>
        breed ? { action: "update", itemKind: "breed", itemId: breed.id, itemLabel: breed.name } : null,
    },
    remove: {
      before: ([id]) => lookUp("breed", id),
      entries: ([id, options], gone, before) =>
        gone
          ? {
              action: "delete",
              itemKind: "breed",
              itemId: id,
              itemLabel: before?.label,
              details: options?.removeRecommendations ? { recommendationsRemoved: true } : {},
            }
          : null,
    },
  };
}

/**
 * Images: upload, alt text and delete. An upload is recorded even when the library already had
 * the image (stored once by its content): the owner sent it, and the entry says it was there.
 */
export function mediaRules(lookUp: LookUp): AuditRules<MediaService> {
  return {
    store: {
      entries: ([, options], image) => ({
        action: "create",
        itemKind: "media",
        itemId: image.id,
        // the name this upload was sent with; the library keeps the first one it was given
        itemLabel: cleanFileName(options?.originalName) ?? `Image #${image.id}`,
        details: { uploadedAs: image.uploadedAs, bytes: image.size, existing: image.existing || undefined },
      }),
    },
    updateAltText: {
      entries: ([id], item) =>
        item
          ? {
              action: "update",
              itemKind: "media",
              itemId: id,
              itemLabel: item.originalName ?? `Image #${id}`,
              details: { altText: true },
            }
          : null,
    },
    remove: {
      before: ([id]) => lookUp("media", id),
      entries: ([id], gone, before) =>
        gone ? { action: "delete", itemKind: "media", itemId: id, itemLabel: before?.label } : null,
    },
  };
}

/** Contact messages, named by id only: archive or back to the inbox, trash, restore, purge, reply. */
export function inboxRules(lookUp: LookUp): AuditRules<InboxService> {
  const item = (id: number) => ({ itemKind: "message" as const, itemId: id, itemLabel: neutralLabel("message", id) });
  return {
    // Marking read or unread by hand is the owner's write; opening a message marks it read
    // through markRead, which is reading, not an action, and records nothing.
    update: {
      entries: ([id, change], message) => {
        if (!message) return null;
        const entries: NewAuditEntry[] = [];
        if (change.read !== undefined) entries.push({ action: "update", ...item(id), details: { read: change.read } });
        if (change.archived !== undefined) {
          entries.push(
            change.archived
              ? { action: "archive", ...item(id) }
              : { action: "restore", ...item(id), details: { from: "archive" } },
          );
        }
        return entries;
      },
    },
    remove: { entries: ([id], done) => (done ? { action: "delete", ...item(id) } : null) },
    restore: {
      entries: ([id], done) => (done ? { action: "restore", ...item(id), details: { from: "trash" } } : null),
    },
    purge: purgeRule(lookUp, "message", "messages"),
    reply: { entries: ([id], sent) => (sent ? { action: "send", ...item(id), details: { reply: true } } : null) },
  };
}

/** Subscribers, named by id only: unsubscribe by hand, delete. */
export function subscribersRules(): AuditRules<SubscribersService> {
  const item = (id: number) => ({
    itemKind: "subscriber" as const,
    itemId: id,
    itemLabel: neutralLabel("subscriber", id),
  });
  return {
    unsubscribe: { entries: ([id], subscriber) => (subscriber ? { action: "unsubscribe", ...item(id) } : null) },
    remove: { entries: ([id], gone) => (gone ? { action: "delete", ...item(id) } : null) },
  };
}

/** Newsletters: create, save, delete a draft, test copy, and the send (once: asking again starts nothing). */
export function newslettersRules(lookUp: LookUp): AuditRules<NewslettersService> {
  return {
    create: {
      entries: (_args, newsletter) => ({
        action: "create",
        itemKind: "newsletter",
        itemId: newsletter.id,
        itemLabel: newsletter.subject,
        details: newsletter.postId === null ? {} : { fromPost: newsletter.postId },
      }),
    },
    update: {
      entries: (_args, newsletter) =>
        newsletter
          ? { action: "update", itemKind: "newsletter", itemId: newsletter.id, itemLabel: newsletter.subject }
          : null,
    },
    remove: {
      before: ([id]) => lookUp("newsletter", id),
      entries: ([id], gone, before) =>
        gone ? { action: "delete", itemKind: "newsletter", itemId: id, itemLabel: before?.label } : null,
    },
    sendTest: {
      before: ([id]) => lookUp("newsletter", id),
      entries: ([id], sent, before) =>
        sent
          ? { action: "send", itemKind: "newsletter", itemId: id, itemLabel: before?.label, details: { test: true } }
          : null,
    },
    startSend: {
      before: ([id]) => lookUp("newsletter", id),
      entries: ([id], newsletter, before) =>
        newsletter && before?.status === "draft"
          ? { action: "send", itemKind: "newsletter", itemId: id, itemLabel: newsletter.subject }
          : null,
    },
  };
}

/** The owner's settings: the postal address saved or removed (the owner's business address, no visitor's data). */
export function siteSettingsRules(): AuditRules<SiteSettingsService> {
  return {
    // which settings changed, each "saved" or "removed" (the configuration's applies again);
    // a new Creators API secret is said as creatorsSecret "saved", never its value
    update: {
      entries: (_input, { changes }) =>
        Object.keys(changes).length === 0
          ? null
          : { action: "update", itemKind: "settings", itemLabel: "Site settings", details: changes },
    },
  };
}

/** What the owner calls the file, in the log. */
const CATALOGUE_CSV_LABEL = "Product catalogue (CSV)";

/**
 * The catalogue as CSV: each export, and each import that wrote something as one entry with its
 * counts (a preview writes nothing, and neither does a file whose rows change nothing).
 */
export function catalogueCsvRules(): AuditRules<CatalogueCsvService> {
  return {
    exportCsv: {
      entries: (_args, result) => ({
        action: "export",
        itemKind: "product",
        itemLabel: CATALOGUE_CSV_LABEL,
        details: { rows: result.rows },
      }),
    },
    importCsv: {
      entries: (_args, outcome) =>
        outcome.ok && !outcome.dryRun && outcome.report.create + outcome.report.update > 0
          ? {
              action: "import",
              itemKind: "product",
              itemLabel: CATALOGUE_CSV_LABEL,
              details: {
                created: outcome.report.create,
                updated: outcome.report.update,
                unchanged: outcome.report.skip,
              },
            }
          : null,
    },
  };
}

/** An earnings or orders report imported (a file refused, with no header row, stored nothing and records nothing). */
export function earningsImportRules(): AuditRules<EarningsImportService> {
  return {
    importReport: {
      entries: ([, { fileName }], outcome) =>
        outcome.ok
          ? {
              action: "import",
              itemKind: "earnings",
              itemId: outcome.report.importId,
              itemLabel: cleanFileName(fileName) ?? `Earnings report #${outcome.report.importId}`,
              details: {
                format: outcome.report.format,
                imported: outcome.report.imported,
                duplicates: outcome.report.duplicates,
                unmatched: outcome.report.unmatched,
                errors: outcome.report.errors.length,
              },
            }
          : null,
    },
  };
}

/** A product sync the owner started (scheduled runs are the server's doing and record nothing). */
export function productSyncRules(): AuditRules<ProductSyncService> {
  return {
    run: {
      entries: ([trigger], run) =>
        trigger === "admin"
          ? {
              action: "update",
              itemKind: "product",
              itemLabel: "Product sync",
              details: { checked: run.checked, updated: run.updated, unavailable: run.unavailable, failed: run.failed },
            }
          : null,
    },
  };
}

/** A link check the owner started (scheduled runs record nothing, as the product sync's). */
export function linkCheckRules(): AuditRules<LinkCheckService> {
  return {
    run: {
      entries: ([trigger], counts) =>
        trigger === "admin"
          ? { action: "update", itemKind: "product", itemLabel: "Link check", details: counts }
          : null,
    },
  };
}

/**
 * A visitor's data: a look-up in the admin, an export and an erasure, kept as row counts and a
 * prefix of the address's keyed hash (the erasure record's, so the entries can be matched to it).
 */
export function personalDataRules(
  personalData: Pick<PersonalDataService, "addressHash">,
): AuditRules<PersonalDataService> {
  const hashPrefix = async (email: string) => (await personalData.addressHash(email)).slice(0, HASH_PREFIX_LENGTH);
  return {
    lookUp: {
      entries: async ([email], summary) => ({
        action: "look-up",
        itemKind: "personal-data",
        itemLabel: "Personal data",
        details: {
          rows: Object.values(summary.counts).reduce((sum, n) => sum + n, 0),
          hash: await hashPrefix(email),
        },
      }),
    },
    export: {
      entries: async ([email], data) => ({
        action: "export",
        itemKind: "personal-data",
        itemLabel: "Personal data (JSON)",
        details: {
          rows:
            data.quizSubmissions.length +
            (data.subscriber ? 1 : 0) +
            data.contactMessages.length +
            data.outboxMessages.length,
          hash: await hashPrefix(email),
        },
      }),
    },
    erase: {
      entries: (_args, erasure) => ({
        action: "erase",
        itemKind: "personal-data",
        itemId: erasure.id,
        itemLabel: `Erasure #${erasure.id}`,
        details: {
          rows: Object.values(erasure.counts).reduce((sum, n) => sum + n, 0),
          hash: erasure.emailHash.slice(0, HASH_PREFIX_LENGTH),
        },
      }),
    },
  };
}

/** Quiz submissions, named by id only: delete (the CSV export is recorded by its route, which streams). */
export function quizSubmissionsRules(): AuditRules<QuizSubmissionsService> {
  return {
    remove: {
      entries: ([id], gone) =>
        gone
          ? {
              action: "delete",
              itemKind: "quiz-submission",
              itemId: id,
              itemLabel: neutralLabel("quiz-submission", id),
            }
          : null,
    },
  };
}

/**
 * Sign-in (with the password or an e-mailed link), sign-out, a burst of failed sign-ins (once,
 * when a client or the account first gets throttled: never each wrong password, and never the
 * client's address), a sign-in link e-mailed to the owner, and a password change.
 */
export function authRules(auth: Pick<AuthService, "sessionFor">): AuditRules<AuthService> {
  return {
    login: {
      entries: (_args, result) => {
        if (result.outcome === "signed-in") {
          const { user } = result.session;
          return { action: "sign-in", itemKind: "account", itemLabel: user.username };
        }
        if (result.outcome === "throttled" && result.firstRefusal) {
          return {
            action: "sign-in-throttled",
            itemKind: "account",
            details: { scope: result.scope, retryAfterSeconds: result.retryAfterSeconds },
          };
        }
        return null;
      },
    },
    // only the links that went out: a refused request (over the limit) changes nothing
    requestSignInLink: {
      entries: (_args, result) =>
        result.outcome === "sent" ? { action: "sign-in-link", itemKind: "account", itemLabel: ADMIN_USERNAME } : null,
    },
    signInWithLink: {
      entries: (_args, result) =>
        result.outcome === "signed-in"
          ? {
              action: "sign-in",
              itemKind: "account",
              itemLabel: result.session.user.username,
              details: { via: "e-mail link" },
            }
          : null,
    },
    logout: {
      before: async ([token]) => {
        const session = await auth.sessionFor(token);
        return session && { label: session.user.username, status: null };
      },
      entries: (_args, ended, before) =>
        ended && before ? { action: "sign-out", itemKind: "account", itemLabel: before.label } : null,
    },
    changePassword: {
      entries: (_args, result) =>
        result.outcome === "changed" ? { action: "update", itemKind: "account", details: { password: true } } : null,
    },
  };
}

/**
 * Earnings: a tracking ID given a placement or taken from it (a change of how lines are shared
 * out, recorded when something changed), and each CSV export of the report.
 */
export function earningsRules(): AuditRules<EarningsService> {
  return {
    mapTrackingId: {
      entries: (_args, { entry, previous, changed }) =>
        changed
          ? {
              action: entry.placement === null ? "delete" : "update",
              itemKind: "earnings",
              itemLabel: `Tracking ID ${entry.trackingId}`,
              details: { placement: entry.placement ?? "", previous: previous ?? undefined },
            }
          : null,
    },
    csv: {
      entries: ([query], result) => ({
        action: "export",
        itemKind: "earnings",
        itemLabel: `Earnings by ${query.by} (CSV)`,
        details: { rows: result.rows },
      }),
    },
  };
}
