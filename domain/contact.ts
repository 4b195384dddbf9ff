import { z } from "zod";
import { emailAddressSchema } from "./email";
import { wireSchema } from "./wire-schema";

// The contact form's rules and messages (spec/storefront.md §5), shared by the form and
// POST /api/contact. Upper limits are ours: they keep one message to a sane size.
export const contactSchema = wireSchema(() =>
  z.object({
    // The type error's message is the "too short" one: a form sends an empty field as missing.
    name: z
      .string("Name must be at least 2 characters")
      .trim()
      .min(2, "Name must be at least 2 characters")
      .max(100, "Name must be at most 100 characters"),
    email: emailAddressSchema,
    subject: z
      .string("Subject must be at least 5 characters")
      .trim()
      .min(5, "Subject must be at least 5 characters")
      .max(200, "Subject must be at most 200 characters"),
    message: z
      .string("Message must be at least 10 characters")
      .trim()
      .min(10, "Message must be at least 10 characters")
      .max(5000, "Message must be at most 5000 characters"),
  }),
);

export type ContactInput = z.infer<typeof contactSchema>;

/**
 * The body of POST /api/contact: the form plus the honeypot `website`, an input hidden from
 * people that only bots fill in. Bounded so a bot cannot post a large body through it.
 */
export const contactRequestSchema = wireSchema(() =>
  contactSchema.extend({
    website: z.string().max(200).optional(),
  }),
);
