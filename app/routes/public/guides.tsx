import { PageSection } from "../../components/page-section";
import { pageTitle } from "../../lib/page-title";

export const meta = () => [
  { title: pageTitle("Guides") },
  { name: "description", content: "Practical guides for choosing safe, fun dog toys." },
];

export default function Page() {
  return <PageSection title="Dog Toy Guides" intro="Practical advice for choosing and using dog toys." />;
}
