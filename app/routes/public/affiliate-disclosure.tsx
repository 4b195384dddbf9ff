import { Link } from "react-router";
import { LegalPage, LegalSection, SupportEmailLink } from "#app/components/legal-page.tsx";
import { pageTitle } from "#app/lib/page-title.ts";
import { seoMeta, siteUrlFrom } from "#app/lib/seo.ts";
import { SITE } from "#app/lib/site.ts";
import type { Route } from "./+types/affiliate-disclosure";

const PATH = "/affiliate-disclosure";
const DESCRIPTION =
  "Pawsome Picks is an Amazon Associate: how our affiliate links work, why they never change your price and how we keep our reviews independent.";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: pageTitle("Affiliate Disclosure"),
    description: DESCRIPTION,
    path: PATH,
    siteUrl: siteUrlFrom(matches),
  });

export default function AffiliateDisclosure() {
  return (
    <LegalPage
      title="Affiliate Disclosure"
      name="Affiliate Disclosure"
      path={PATH}
      description={DESCRIPTION}
      intro={
        <p>
          We want you to know exactly how {SITE.name} makes money, so you can judge our recommendations with all the
          facts.
        </p>
      }
    >
      <div className="rounded-xl border border-orange-200 bg-primary-soft p-5">
        <p className="font-semibold">As an Amazon Associate, Pawsome Picks earns from qualifying purchases.</p>
      </div>

      <LegalSection id="amazon-associates" title="Amazon Associates Program">
        <p>
          {SITE.name} is a participant in the Amazon Services LLC Associates Program, an affiliate advertising program
          designed to provide a means for sites to earn advertising fees by advertising and linking to Amazon.com.
        </p>
      </LegalSection>

      <LegalSection id="how-links-work" title="How our links work">
        <p>
          The &ldquo;View on {SITE.retailer}&rdquo; buttons and other product links on our reviews, guides, product
          pages and quiz results are affiliate links. They open {SITE.retailer} in a new tab. If you buy something after
          clicking one, {SITE.retailer} may pay us a small commission.
        </p>
        <p>
          <strong>This does not change the price you pay.</strong> The price is the same whether you use our link or go
          to {SITE.retailer} directly; the commission comes out of {SITE.retailer}&rsquo;s share, not your pocket.
        </p>
        <p>
          Once you are on {SITE.retailer}, its own terms and privacy notice apply and it may set its own cookies. Our{" "}
          <Link to="/privacy">Privacy Policy</Link> explains what we do and do not collect on our side.
        </p>
      </LegalSection>

      <LegalSection id="editorial-independence" title="How we choose products">
        <p>Commissions pay for the toys we test and keep the site free, but they never decide what we recommend.</p>
        <ul>
          <li>
            We choose toys by how well they hold up, how safe they are and how much dogs enjoy them, never by how much
            we might earn from them.
          </li>
          <li>
            Most toys we review we buy ourselves. When a manufacturer sends us a toy for free, we say so in the review,
            and it gets the same testing and the same honest verdict as everything else.
          </li>
          <li>
            No brand can pay for a review, a higher rating or a place in our lists, and brands do not see our reviews
            before they are published.
          </li>
          <li>If a toy falls apart or our dogs ignore it, we say so, even if that means we earn nothing.</li>
        </ul>
        <p>
          You can read more about how we test on our <Link to="/about">About page</Link>.
        </p>
      </LegalSection>

      <LegalSection id="ftc" title="FTC disclosure">
        <p>
          In line with the U.S. Federal Trade Commission&rsquo;s guidelines on endorsements and testimonials (16 CFR
          Part 255), we disclose our material connection to {SITE.retailer}: we may be paid when you buy products
          through links on this site. This notice applies to every page of {SITE.name}, and our footer repeats it on
          each page.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="Questions">
        <p>
          If you have questions about our affiliate relationships or how we choose products, e-mail us at{" "}
          <SupportEmailLink /> or use our <Link to="/contact">contact page</Link>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
