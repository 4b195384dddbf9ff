import { Link } from "react-router";
import { LegalPage, LegalSection, SupportEmailLink } from "#app/components/legal-page.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { seoMeta, siteUrlFrom } from "#app/lib/seo.ts";
import { SITE } from "#app/lib/site.ts";
import type { Route } from "./+types/about";

const PATH = "/about";
const DESCRIPTION =
  "Who we are and how we choose dog toys: durability testing with dogs of every size and chew style, breed-specific recommendations and weekly updates.";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: pageTitle("About Us"), description: DESCRIPTION, path: PATH, siteUrl: siteUrlFrom(matches) });

export default function About() {
  return (
    <LegalPage
      title="About Pawsome Picks"
      name="About Us"
      path={PATH}
      description={DESCRIPTION}
      schemaType="AboutPage"
      showLastUpdated={false}
      intro={<p>We help dog owners find toys their dogs love and can&rsquo;t destroy in five minutes.</p>}
      after={
        <div className="mt-12 rounded-2xl bg-primary-soft p-6 sm:p-8">
          <h2 className="text-xl font-extrabold tracking-tight text-ink sm:text-2xl">
            Find the right toy for your dog
          </h2>
          <p className="mt-2 text-muted">
            Answer five quick questions and we&rsquo;ll match your dog with toys that suit their size, age and chew
            style.
          </p>
          <div className="mt-5 flex flex-col gap-3 sm:flex-row">
            <Link to="/quiz" className={buttonClass("primary", "md")}>
              Take the Toy Matchmaker Quiz
            </Link>
            <Link to="/products" className={buttonClass("secondary", "md")}>
              Browse all toys
            </Link>
          </div>
        </div>
      }
    >
      <LegalSection id="who-we-are" title="Who we are">
        <p>
          {SITE.name} started with a simple frustration: too many &ldquo;indestructible&rdquo; toys lasted a single
          afternoon, and too many toy lists were written by people who had never watched a dog play with them. We are a
          small team of dog owners who got tired of guessing, so we started testing toys properly and writing down what
          we found.
        </p>
        <p>
          Today we publish honest reviews, practical guides and breed-based recommendations for everyone from puppy
          parents to owners of determined power chewers.
        </p>
      </LegalSection>

      <LegalSection id="how-we-test" title="How we pick and test toys">
        <ul>
          <li>
            <strong>Durability testing with real dogs.</strong> Every toy we recommend is played with by dogs of
            different sizes and chew styles, from gentle nibblers to aggressive chewers. We check for loose parts, torn
            seams and pieces that could be swallowed, and we note how long a toy really lasts.
          </li>
          <li>
            <strong>Safety first.</strong> We look at materials, size and construction, and we tell you when a toy is
            only suitable under supervision or for a particular size of dog.
          </li>
          <li>
            <strong>Breed-specific recommendations.</strong> A toy that is perfect for a Chihuahua can be a choking
            hazard for a Labrador. We match toys to breeds by size, energy level and typical play style, so you can
            start from your own dog rather than a generic best-seller list.
          </li>
          <li>
            <strong>Weekly updates.</strong> We add new reviews and guides every week and revisit older picks when a toy
            changes, gets discontinued or is beaten by something better.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="how-we-earn" title="How we earn money">
        <p>
          {SITE.name} is free to use. When you buy a toy through one of our links to {SITE.retailer}, we may earn a
          small commission from qualifying purchases, at no extra cost to you. That income pays for the toys we test and
          keeps the site running. It never decides which toys we recommend: read our{" "}
          <Link to="/affiliate-disclosure">Affiliate Disclosure</Link> for the details.
        </p>
      </LegalSection>

      <LegalSection id="get-started" title="Where to start">
        <ul>
          <li>
            Not sure what your dog needs? Take the <Link to="/quiz">Toy Matchmaker Quiz</Link> for personal picks.
          </li>
          <li>
            Know what you are looking for? Browse <Link to="/products">all dog toys</Link> by category, breed and price.
          </li>
          <li>
            Want to dig deeper? Read our <Link to="/resources">reviews and guides</Link>.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="contact" title="Get in touch">
        <p>
          Have a toy you want us to test, a question about a review, or a story about your dog&rsquo;s favorite toy?
          Send us a message through our <Link to="/contact">contact page</Link> or e-mail us at <SupportEmailLink />.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
