import { z } from "zod";
import { emailAddressSchema } from "./email";
import { ERASURE_CONFIRM_MESSAGE, type ERASURE_COUNT_LABELS } from "./personal-data-text";
import { CONSENT_ACTIONS, CONSENT_SOURCES, type SubscriberStatus } from "./subscriber-text";
import { wireSchema } from "./wire-schema";

// A visitor's data rights (GDPR/CCPA, issue 19): everything the site holds about an address as
// one JSON download, or all of it erased in one action, recorded without the address.

/** GET and DELETE /api/admin/personal-data: whose data. */
export const personalDataQuerySchema = wireSchema(() => z.object({ email: emailAddressSchema }));

/** GET /api/admin/personal-data/erasures: all erasures, or those of one address. */
export const erasureListQuerySchema = wireSchema(() => z.object({ email: emailAddressSchema.optional() }));

/** The erasure form: the address, and the owner's confirmation that it cannot be undone. */
export const erasureFormSchema = wireSchema(() =>
  z.object({
    email: emailAddressSchema,
    confirm: z.literal("on", { error: ERASURE_CONFIRM_MESSAGE }),
  }),
);

const iso = wireSchema(() => z.iso.datetime());

// Here rather than in subscribers.ts, whose words the subscriber screens read: a schema used by
// a lazily loaded module shares its file, and took Zod with it onto those screens (decision 069).
/** One event of an address's consent history, as the personal-data export and the admin show it. */
export const consentEventSchema = wireSchema(() =>
  z.object({
    /** ISO 8601 */
    at: z.iso.datetime(),
    action: z.enum(CONSENT_ACTIONS),
    source: z.enum(CONSENT_SOURCES),
    /** the wording the person was shown when they gave consent; null for a withdrawal */
    consentText: z.string().nullable(),
  }),
);
export type ConsentEvent = z.infer<typeof consentEventSchema>;

/** Everything held about one address (matched whatever its letter case). */
export const personalDataSchema = wireSchema(() =>
  z.object({
    email: z.string(),
    /** ISO 8601: when this export was made */
    exportedAt: iso,
    quizSubmissions: z.array(
      z.object({
        id: z.number().int().positive(),
        email: z.string(),
        createdAt: iso,
        dogSize: z.string(),
        dogAge: z.string(),
        chewStyle: z.string(),
        playStyle: z.string(),
        toyPurpose: z.string(),
        hasConsented: z.boolean(),
        consentText: z.string().nullable(),
        consentedAt: iso.nullable(),
      }),
    ),
    subscriber: z
      .object({
        id: z.number().int().positive(),
        email: z.string(),
        status: z.string(),
        source: z.string(),
        consentText: z.string(),
        consentedAt: iso,
        createdAt: iso,
        updatedAt: iso,
        unsubscribedAt: iso.nullable(),
        bouncedAt: iso.nullable(),
        /** the newsletters queued for this address */
        newsletters: z.array(z.object({ id: z.number().int().positive(), subject: z.string(), queuedAt: iso })),
        /** every consent and withdrawal, oldest first */
        consentHistory: z.array(consentEventSchema),
      })
      .nullable(),
    contactMessages: z.array(
      z.object({
        id: z.number().int().positive(),
        name: z.string(),
        email: z.string(),
        subject: z.string(),
        message: z.string(),
        createdAt: iso,
        readAt: iso.nullable(),
        archivedAt: iso.nullable(),
        deletedAt: iso.nullable(),
        repliedAt: iso.nullable(),
      }),
    ),
    /** e-mails to the address, or carrying it (a contact form notification) */
    outboxMessages: z.array(
      z.object({
        id: z.number().int().positive(),
        kind: z.string(),
        recipient: z.string(),
        replyTo: z.string().nullable(),
        subject: z.string(),
        textBody: z.string(),
        htmlBody: z.string().nullable(),
        status: z.string(),
        createdAt: iso,
        sentAt: iso.nullable(),
      }),
    ),
  }),
);
export type PersonalData = z.infer<typeof personalDataSchema>;

export type ErasureCounts = Record<keyof typeof ERASURE_COUNT_LABELS, number>;

/**
 * How an erasure record's hash was made: an HMAC-SHA256 keyed by the app secret (since issue 26:
 * nobody without the key can confirm a guessed address against it), or the plain SHA-256 that
 * records written before then keep.
 */
export const ERASURE_HASH_KINDS = ["hmac-sha256", "sha256"] as const;
export type ErasureHashKind = (typeof ERASURE_HASH_KINDS)[number];

/** The record an erasure leaves: when, and a keyed hash of the address (never the address). */
export const dataErasureSchema = wireSchema(() =>
  z.object({
    id: z.number().int().positive(),
    /** hex hash of the address trimmed and lower-cased, made as hashKind says */
    emailHash: z.string().regex(/^[0-9a-f]{64}$/),
    hashKind: z.enum(ERASURE_HASH_KINDS),
    /** ISO 8601 */
    erasedAt: iso,
    counts: z.object({
      quizSubmissions: z.number().int().nonnegative(),
      subscribers: z.number().int().nonnegative(),
      contactMessages: z.number().int().nonnegative(),
      outboxMessages: z.number().int().nonnegative(),
    }),
  }),
);
export type DataErasure = z.infer<typeof dataErasureSchema>;

/** What a look-up in the admin shows about an address: how much is held, and its consent history. */
export interface PersonalDataSummary {
  counts: ErasureCounts;
  /** the newsletter status of the address, or null when it is not a subscriber */
  subscriberStatus: SubscriberStatus | null;
  consentHistory: ConsentEvent[];
}
