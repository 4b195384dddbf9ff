import { PageSection } from "../../components/page-section";
import { pageTitle } from "../../lib/page-title";

export const meta = () => [
  { title: pageTitle("Reviews") },
  { name: "description", content: "Hands-on dog toy reviews from the Pawsome Picks team." },
];

export default function Page() {
  return <PageSection title="Dog Toy Reviews" intro="Hands-on reviews of the toys we recommend." />;
}
