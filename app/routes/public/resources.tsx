import { PageSection } from "../../components/page-section";
import { pageTitle } from "../../lib/page-title";

export const meta = () => [
  { title: pageTitle("Reviews & Guides") },
  { name: "description", content: "In-depth dog toy reviews and practical guides." },
];

export default function Page() {
  return <PageSection title="Dog Toy Resources" intro="Reviews and guides from the Pawsome Picks team." />;
}
