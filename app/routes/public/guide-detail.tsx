import { PageSection } from "../../components/page-section";
import { pageTitle } from "../../lib/page-title";

export const meta = () => [
  { title: pageTitle("Guide") },
  { name: "description", content: "A dog toy guide from the Pawsome Picks team." },
];

export default function Page() {
  return <PageSection title="Guide" intro="" />;
}
