import type { ReactNode } from "react";
import { Link } from "react-router";
import { LegalPage, LegalSection, SupportEmailLink } from "#app/components/legal-page.tsx";
import { pageTitle } from "#app/lib/page-title.ts";
import { seoMeta, siteUrlFrom } from "#app/lib/seo.ts";
import { SITE } from "#app/lib/site.ts";
import type { Route } from "./+types/terms";

const PATH = "/terms";
const DESCRIPTION =
  "The terms that apply when you use Pawsome Picks: affiliate links, product information, your submissions, our content and the limits of our responsibility.";

// One list drives both the numbered headings and the table of contents, so they cannot drift apart.
const SECTIONS: readonly { id: string; title: string; body: ReactNode }[] = [
  {
    id: "acceptance",
    title: "Acceptance of Terms",
    body: (
      <p>
        By visiting or using {SITE.name} (the &ldquo;site&rdquo;), you agree to these Terms of Service and to our{" "}
        <Link to="/privacy">Privacy Policy</Link>. If you do not agree, please do not use the site.
      </p>
    ),
  },
  {
    id: "use-of-site",
    title: "Use of the Site",
    body: (
      <>
        <p>
          You may use the site for your own personal, non-commercial purposes: to read our reviews and guides, browse
          toys and get recommendations for your dog. You agree not to:
        </p>
        <ul>
          <li>break the law or anyone else&rsquo;s rights while using the site;</li>
          <li>try to gain access to the admin area or to data that is not meant for you;</li>
          <li>
            disrupt the site, for example by sending automated requests in bulk, spam or malicious code through our
            forms;
          </li>
          <li>copy large parts of the site or scrape it to build a competing service.</li>
        </ul>
        <p>We may restrict access for anyone who does not follow these rules.</p>
      </>
    ),
  },
  {
    id: "affiliate-links",
    title: "Affiliate Links and Purchases",
    body: (
      <>
        <p>
          {SITE.name} does not sell anything. Product links take you to {SITE.retailer}, where you can buy the toy.
          These are affiliate links: we may earn a commission on qualifying purchases, at no extra cost to you. Read our{" "}
          <Link to="/affiliate-disclosure">Affiliate Disclosure</Link> for details.
        </p>
        <p>
          Any purchase is a contract between you and the retailer, under the retailer&rsquo;s terms. Questions about
          orders, delivery, returns, refunds or warranties go to the retailer; we cannot see or change your orders.
        </p>
      </>
    ),
  },
  {
    id: "product-information",
    title: "Product Information and Prices",
    body: (
      <>
        <p>
          We work hard to keep reviews, descriptions and prices accurate, but prices and availability are set by the
          retailer and change often. The price shown on {SITE.retailer} at the time of purchase is the one that applies.
        </p>
        <p>
          Our ratings and recommendations are our honest opinion based on our testing and research. Every dog is
          different: always supervise your dog with a new toy, check it regularly for damage and follow the
          manufacturer&rsquo;s size and safety guidance. Nothing on the site is veterinary advice; ask your vet about
          your dog&rsquo;s health.
        </p>
      </>
    ),
  },
  {
    id: "user-submissions",
    title: "User Submissions",
    body: (
      <>
        <p>
          When you send us a message through the contact form, answer the quiz or subscribe to the newsletter, you agree
          to give accurate information and to use an e-mail address that is yours. Please do not send us anything
          unlawful, offensive or confidential.
        </p>
        <p>
          Entering your e-mail address in the quiz subscribes you to our newsletter; you can unsubscribe at any time
          with the link in every e-mail. If you send us suggestions or feedback, we may use them to improve the site
          without owing you anything. How we handle your information is described in our{" "}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: "intellectual-property",
    title: "Intellectual Property",
    body: (
      <p>
        The text, reviews, guides, photos, logo and design of {SITE.name} belong to us or to those who licensed them to
        us. You may share links to our pages and quote short passages with a link back to the source. You may not copy,
        republish or sell our content without our written permission. Product names and brands belong to their owners.
      </p>
    ),
  },
  {
    id: "disclaimers",
    title: "Disclaimers",
    body: (
      <p>
        The site and its content are provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;, without warranties of
        any kind, express or implied. We do not guarantee that a toy will suit your dog, survive a particular chewer, or
        that the site will always be available and free of errors. We are not responsible for the content, products or
        practices of the retailer or of other websites we link to.
      </p>
    ),
  },
  {
    id: "limitation-of-liability",
    title: "Limitation of Liability",
    body: (
      <p>
        To the fullest extent the law allows, {SITE.name} and its team are not liable for any indirect, incidental or
        consequential damages, or for any loss or injury arising from your use of the site or of products bought through
        links on it. Nothing in these terms limits liability that cannot be limited by law.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to These Terms",
    body: (
      <p>
        We may update these terms from time to time. When we do, we change the &ldquo;Last Updated&rdquo; date at the
        top of this page. By continuing to use the site after a change, you accept the updated terms.
      </p>
    ),
  },
  {
    id: "governing-law",
    title: "Governing Law",
    body: (
      <p>
        These terms are governed by the laws of the United States and of the state in which {SITE.name} is operated,
        without regard to conflict-of-law rules. If any part of these terms is found unenforceable, the rest remains in
        effect.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact Us",
    body: (
      <p>
        Questions about these terms? E-mail us at <SupportEmailLink /> or use our{" "}
        <Link to="/contact">contact page</Link>.
      </p>
    ),
  },
];

const numbered = (index: number, title: string) => `${index + 1}. ${title}`;
const TOC = SECTIONS.map((section, index) => ({ id: section.id, title: numbered(index, section.title) }));

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: pageTitle("Terms of Service"),
    description: DESCRIPTION,
    path: PATH,
    siteUrl: siteUrlFrom(matches),
  });

export default function TermsOfService() {
  return (
    <LegalPage
      title="Terms of Service"
      name="Terms of Service"
      path={PATH}
      description={DESCRIPTION}
      toc={TOC}
      intro={<p>Please read these terms before using {SITE.name}. They are short and written in plain English.</p>}
    >
      {SECTIONS.map((section, index) => (
        <LegalSection key={section.id} id={section.id} title={numbered(index, section.title)}>
          {section.body}
        </LegalSection>
      ))}
    </LegalPage>
  );
}
