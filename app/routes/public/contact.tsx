import { parseWithZod } from "@conform-to/zod/v4";
import BookOpenNode from "lucide/dist/esm/icons/book-open.mjs";
import HelpCircleNode from "lucide/dist/esm/icons/circle-question-mark.mjs";
import InfoNode from "lucide/dist/esm/icons/info.mjs";
import LightbulbNode from "lucide/dist/esm/icons/lightbulb.mjs";
import MailNode from "lucide/dist/esm/icons/mail.mjs";
import ShoppingCartNode from "lucide/dist/esm/icons/shopping-cart.mjs";
import type { ReactNode } from "react";
import { data, Link, useRouteLoaderData } from "react-router";
import { type ContactActionData, ContactForm } from "#app/components/contact-form.tsx";
import { JsonLd } from "#app/components/json-ld.tsx";
import { icon } from "#app/components/ui/icon.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { seoMeta, siteUrlFrom } from "#app/lib/seo.ts";
import { SITE } from "#app/lib/site.ts";
import { useContactEmail } from "#app/lib/use-contact-email.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import { contactRequestSchema } from "#domain/contact.ts";
import { FORM_REPLIES, tooManySubmissionsText } from "#domain/forms.ts";
import type { Route } from "./+types/contact";

const BookOpen = icon("book-open", BookOpenNode);
const HelpCircle = icon("help-circle", HelpCircleNode);
const Info = icon("info", InfoNode);
const Lightbulb = icon("lightbulb", LightbulbNode);
const Mail = icon("mail", MailNode);
const ShoppingCart = icon("shopping-cart", ShoppingCartNode);

const DESCRIPTION =
  "Questions, toy suggestions or feedback? Contact the Pawsome Picks team by email or with our contact form. We usually reply within 24-48 hours.";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: pageTitle("Contact Us"),
    description: DESCRIPTION,
    path: "/contact",
    siteUrl: siteUrlFrom(matches),
  });

// The form posted before the page's scripts ran (a click on a slow phone is never ignored): the
// same rules, limit and storing as POST /api/contact, answered in the page itself.
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const submission = parseWithZod(await request.formData(), { schema: contactRequestSchema });
  if (submission.status !== "success") {
    return data<ContactActionData>({ result: submission.reply(), reply: null }, { status: 400 });
  }
  const outcome = await app.services.publicForms.sendContact(submission.value, app.client);
  if (outcome.outcome === "throttled") {
    return data<ContactActionData>(
      { result: submission.reply({ formErrors: [tooManySubmissionsText(outcome.retryAfterSeconds)] }), reply: null },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  if (outcome.outcome === "automated") {
    return data<ContactActionData>(
      { result: submission.reply({ formErrors: [FORM_REPLIES.automated] }), reply: null },
      { status: 400 },
    );
  }
  return data<ContactActionData>({ result: submission.reply({ resetForm: true }), reply: outcome.reply });
}

const FAQ: readonly { question: string; answer: string }[] = [
  {
    question: "What types of toys do you review?",
    answer:
      "We review toys for dogs of every size and age: chew toys, puzzle and treat-dispensing toys, fetch toys, tug toys, plush and squeaky toys, and water toys. We focus on toys you can actually buy from Amazon, so every recommendation is one you can act on.",
  },
  {
    question: "How do you test the toys?",
    answer:
      "Every toy is played with by dogs of different breeds, sizes and chewing styles for several weeks, indoors and outdoors. We judge durability, safety (materials, small parts, stitching), how long it keeps a dog interested, how easy it is to clean and whether it is worth the price, and our ratings reflect that hands-on use.",
  },
  {
    question: "Do you accept product samples?",
    answer:
      "Yes. Manufacturers are welcome to send toys for review, but a free sample never buys a good review: samples are tested exactly like the toys we buy ourselves, and a review says so when the product was provided by the manufacturer.",
  },
  {
    question: "Can I suggest a toy for review?",
    answer:
      "Absolutely! Send us the toy's name, and a link if you have one, with the form on this page. We read every suggestion, and toys that many readers ask about move up our testing list.",
  },
];

interface ContactCard {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}

const linkClass = "font-bold text-primary underline underline-offset-2 hover:text-primary-hover";

function ContactEmailLink() {
  const email = useContactEmail();
  return (
    <a href={`mailto:${email}`} className={`${linkClass} break-all`}>
      {email}
    </a>
  );
}

const CARDS: readonly ContactCard[] = [
  {
    icon: <Mail className="size-6" aria-hidden="true" />,
    title: "Email Us",
    text: "For general questions, write to us directly.",
    action: <ContactEmailLink />,
  },
  {
    icon: <HelpCircle className="size-6" aria-hidden="true" />,
    title: "FAQ",
    text: "Quick answers to the questions we hear most often.",
    action: (
      <a href="#faq" className={linkClass}>
        Read the FAQ
      </a>
    ),
  },
  {
    icon: <BookOpen className="size-6" aria-hidden="true" />,
    title: "Resources",
    text: "Browse our in-depth toy reviews and practical guides.",
    action: (
      <Link to="/resources" className={linkClass}>
        Browse reviews &amp; guides
      </Link>
    ),
  },
  {
    icon: <Lightbulb className="size-6" aria-hidden="true" />,
    title: "Feedback",
    text: "Suggest a toy for us to review or tell us how we can improve.",
    action: (
      <a href="#send-message" className={linkClass}>
        Suggest a toy or send feedback
      </a>
    ),
  },
];

function structuredData(siteUrl: string, email: string) {
  const url = new URL("/contact", siteUrl).toString();
  return [
    {
      "@context": "https://schema.org",
      "@type": "ContactPage",
      name: pageTitle("Contact Us"),
      description: DESCRIPTION,
      url,
      mainEntity: {
        "@type": "Organization",
        name: SITE.name,
        url: new URL("/", siteUrl).toString(),
        email,
        contactPoint: {
          "@type": "ContactPoint",
          contactType: "customer support",
          email,
          availableLanguage: "English",
        },
      },
    },
    {
      "@context": "https://schema.org",
      "@type": "FAQPage",
      url: `${url}#faq`,
      mainEntity: FAQ.map(({ question, answer }) => ({
        "@type": "Question",
        name: question,
        acceptedAnswer: { "@type": "Answer", text: answer },
      })),
    },
  ];
}

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const siteUrl = useRouteLoaderData<typeof rootLoader>("root")?.siteUrl ?? "http://localhost:3000";
  const email = useContactEmail();
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <JsonLd data={structuredData(siteUrl, email)} />

      <header className="max-w-3xl">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Contact Us</h1>
        <p className="mt-4 text-lg text-muted">
          Have a question about a toy, a suggestion for a review or feedback about the site? We'd love to hear from you.
        </p>
      </header>

      <section aria-labelledby="contact-options-heading" className="mt-10">
        <h2 id="contact-options-heading" className="sr-only">
          Ways to reach us
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {CARDS.map((card) => (
            <li key={card.title} className="flex flex-col rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
              <span className="flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary">
                {card.icon}
              </span>
              <h3 className="mt-3 text-lg font-extrabold tracking-tight">{card.title}</h3>
              <p className="mt-1 flex-1 text-muted">{card.text}</p>
              <p className="mt-3">{card.action}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-12 grid gap-10 lg:grid-cols-2 lg:gap-12">
        <section
          id="send-message"
          aria-labelledby="contact-form-heading"
          className="scroll-mt-24 rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8"
        >
          <h2 id="contact-form-heading" className="text-2xl font-extrabold tracking-tight">
            Send Us a Message
          </h2>
          <p className="mt-2 text-muted">
            Fill out the form and our team will get back to you. We usually reply within 24-48 hours.
          </p>
          <ContactForm actionData={actionData} />
          <p className="mt-6 flex gap-2 text-sm text-muted">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              Your message is always saved for our team. Email delivery depends on the site administrator configuring an
              email delivery service, so you may not receive a confirmation email.
            </span>
          </p>
        </section>

        <div className="grid content-start gap-10">
          <aside
            aria-labelledby="affiliate-purchases-heading"
            className="rounded-xl border border-amber-300 bg-amber-50 p-5 sm:p-6"
          >
            <h2 id="affiliate-purchases-heading" className="flex items-center gap-2 text-lg font-extrabold">
              <ShoppingCart className="size-5 shrink-0 text-primary" aria-hidden="true" />
              Questions about an order?
            </h2>
            <p className="mt-2">
              We don't sell products ourselves. If you have a problem with a purchase made through one of our affiliate
              links, please contact {SITE.retailer} directly: the retailer handles orders, shipping, returns and
              refunds.
            </p>
          </aside>

          <section id="faq" aria-labelledby="faq-heading" className="scroll-mt-24">
            <h2 id="faq-heading" className="text-2xl font-extrabold tracking-tight">
              Frequently Asked Questions
            </h2>
            <div className="mt-4 grid gap-3">
              {FAQ.map(({ question, answer }) => (
                <details
                  key={question}
                  className="group rounded-xl border border-stone-200 bg-white shadow-sm open:shadow-md"
                >
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl p-4 font-bold marker:hidden [&::-webkit-details-marker]:hidden">
                    <h3 className="text-base">{question}</h3>
                    <span
                      aria-hidden="true"
                      className="shrink-0 text-xl leading-none text-primary transition-transform group-open:rotate-45"
                    >
                      +
                    </span>
                  </summary>
                  <p className="px-4 pb-4 text-muted">{answer}</p>
                </details>
              ))}
            </div>
          </section>
        </div>
      </div>
    </div>
  );
}
