import { PageSection } from "../../components/page-section";
import { pageTitle } from "../../lib/page-title";

export const meta = () => [
  { title: pageTitle("Review") },
  { name: "description", content: "A dog toy review from the Pawsome Picks team." },
];

export default function Page() {
  return <PageSection title="Review" intro="" />;
}
