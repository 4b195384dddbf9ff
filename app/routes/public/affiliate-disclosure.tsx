import { PageSection } from "../../components/page-section";
import { pageTitle } from "../../lib/page-title";

export const meta = () => [
  { title: pageTitle("Affiliate Disclosure") },
  { name: "description", content: "How Pawsome Picks earns from affiliate links." },
];

export default function Page() {
  return <PageSection title="Affiliate Disclosure" intro="" />;
}
