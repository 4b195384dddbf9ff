import { Link } from "react-router";
import { LegalPage, LegalSection, SupportEmailLink } from "#app/components/legal-page.tsx";
import { pageTitle } from "#app/lib/page-title.ts";
import { seoMeta, siteUrlFrom } from "#app/lib/seo.ts";
import { SITE } from "#app/lib/site.ts";
import type { Route } from "./+types/privacy";

const PATH = "/privacy";
const DESCRIPTION =
  "What Pawsome Picks collects (contact messages, quiz answers, newsletter e-mail, anonymous visit counts), why, how long we keep it and how to have it deleted.";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: pageTitle("Privacy Policy"), description: DESCRIPTION, path: PATH, siteUrl: siteUrlFrom(matches) });

export default function PrivacyPolicy() {
  return (
    <LegalPage
      title="Privacy Policy"
      name="Privacy Policy"
      path={PATH}
      description={DESCRIPTION}
      intro={
        <p>
          {SITE.name} collects as little about you as it can. This policy explains exactly what we store when you use
          this site, why, and how you can have it removed.
        </p>
      }
    >
      <LegalSection id="who-we-are" title="Who we are">
        <p>
          {SITE.name} is a website that reviews dog toys and recommends them by breed, size and play style. When this
          policy says &ldquo;we&rdquo; or &ldquo;us&rdquo;, it means the team that runs {SITE.name}. You can reach us
          about anything in this policy at <SupportEmailLink />.
        </p>
      </LegalSection>

      <LegalSection id="what-we-collect" title="What we collect">
        <p>We only store information you give us and a few anonymous counts:</p>
        <ul>
          <li>
            <strong>Contact form messages.</strong> When you use the <Link to="/contact">contact form</Link> we store
            your name, e-mail address, subject and message, and the time you sent it.
          </li>
          <li>
            <strong>Quiz answers and your e-mail address.</strong> When you finish the{" "}
            <Link to="/quiz">Toy Matchmaker Quiz</Link> we store your five answers (your dog&rsquo;s size, age, chew
            style, play style and the purpose of the toy), the e-mail address you enter and the time. Entering your
            e-mail address subscribes you to our newsletter, as the quiz tells you before you submit, and we record that
            consent together with your answers.
          </li>
          <li>
            <strong>Anonymous visit statistics.</strong> We count visits and page views per day. We do not store your IP
            address. To count unique visitors we keep a salted hash of your connection details whose salt changes every
            day, so the hash cannot be turned back into an IP address and cannot be used to recognise you from one day
            to the next. A visit is counted once per browser session using a flag in your browser&rsquo;s session
            storage, which is cleared when you close the tab. Pages of the admin area are never counted.
          </li>
          <li>
            <strong>Affiliate link clicks.</strong> When you click a product link we count the click for that product so
            we know which recommendations are useful. The count is not linked to you.
          </li>
        </ul>
        <p>
          We do not ask for your postal address, phone number or payment details: you never buy anything from us
          directly.
        </p>
      </LegalSection>

      <LegalSection id="cookies" title="Cookies and third parties">
        <p>
          Visitors get no cookies from us. The only cookie this site sets is a session cookie for the site owner when
          they sign in to the admin area; it keeps them signed in and is not used for anything else.
        </p>
        <p>
          We use no advertising cookies, no tracking pixels and no third-party analytics. Our fonts and images are
          served from our own server, so loading a page does not send requests to other companies.
        </p>
        <p>
          Product links take you to {SITE.retailer} (amazon.com). Once you click through, {SITE.retailer} may set its
          own cookies and collect information under its own privacy notice, which we do not control. See our{" "}
          <Link to="/affiliate-disclosure">Affiliate Disclosure</Link> for how these links work.
        </p>
      </LegalSection>

      <LegalSection id="how-we-use" title="How we use your information">
        <ul>
          <li>To read and answer the messages you send us through the contact form.</li>
          <li>To show you toy recommendations based on your quiz answers and to e-mail them to you.</li>
          <li>
            To send you our newsletter with new reviews, guides and toy picks, if you subscribed through the quiz.
          </li>
          <li>
            To understand, in aggregate, which pages and products are useful, so we can improve the site. Quiz answers
            help us see which kinds of toys dog owners look for.
          </li>
          <li>To keep the site and its admin area secure.</li>
        </ul>
        <p>
          We never sell, rent or trade your personal information, and we do not share it with advertisers. We use an
          e-mail delivery service to send e-mails on our behalf; it processes your address only to deliver them.
        </p>
      </LegalSection>

      <LegalSection id="newsletter" title="Newsletter and unsubscribing">
        <p>
          Every newsletter e-mail contains an unsubscribe link. It opens a page where one click on
          &ldquo;Unsubscribe&rdquo; removes you straight away; you do not need to sign in. Mail apps that show their own
          unsubscribe button remove you with one click too. You can also unsubscribe by writing to <SupportEmailLink />.
        </p>
        <p>
          Once you have unsubscribed, nobody can sign your address up again: if it is entered in the quiz, we e-mail you
          at most once a day to ask, and only a click on that e-mail&rsquo;s button puts you back on the list. We keep a
          record of each time you subscribed or unsubscribed, with the wording you were shown.
        </p>
      </LegalSection>

      <LegalSection id="retention" title="How long we keep it">
        <ul>
          <li>Contact form messages: for as long as we need to answer you and follow up, then we delete them.</li>
          <li>
            Quiz answers and your e-mail address: until you ask us to delete them. If you unsubscribe, we stop e-mailing
            you at once.
          </li>
          <li>Visit statistics: kept as daily totals only; they contain no personal information.</li>
          <li>The admin session cookie: until the site owner signs out or the session expires.</li>
        </ul>
      </LegalSection>

      <LegalSection id="your-rights" title="Your rights">
        <p>
          You can ask us at any time for a copy of the information we hold about you, to correct it, or to delete it.
          Write to <SupportEmailLink /> from the e-mail address concerned and tell us what you would like us to do; we
          answer within 30 days, usually much sooner. Depending on where you live, you may also have the right to object
          to how we use your information and to complain to your local data protection authority.
        </p>
      </LegalSection>

      <LegalSection id="security" title="Security">
        <p>
          The admin area is protected by a password that we store only as a strong one-way hash, admin sessions are
          checked on our server for every request, and only the site owner can see contact messages and quiz
          submissions. No system is perfectly secure, but we keep what we store to a minimum so there is little to lose.
        </p>
      </LegalSection>

      <LegalSection id="children" title="Children">
        <p>
          {SITE.name} is meant for adults who look after dogs. We do not knowingly collect information from children
          under 13. If you believe a child has sent us their details, write to <SupportEmailLink /> and we will delete
          them.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="Changes to this policy">
        <p>
          If we change what we collect or how we use it, we will update this page and the &ldquo;Last Updated&rdquo;
          date at the top. If a change affects how we use e-mail addresses we already hold, we will tell newsletter
          subscribers by e-mail before it takes effect.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="Contact us">
        <p>
          Questions about this policy or your information? E-mail us at <SupportEmailLink /> or use our{" "}
          <Link to="/contact">contact page</Link>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
