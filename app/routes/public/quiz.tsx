import { PageSection } from "../../components/page-section";
import { pageTitle } from "../../lib/page-title";

export const meta = () => [
  { title: pageTitle("Dog Toy Matchmaker Quiz") },
  { name: "description", content: "Answer five questions about your dog and get personalised toy recommendations." },
];

export default function Page() {
  return (
    <PageSection
      title="Dog Toy Matchmaker Quiz"
      intro="Answer five questions and we'll match your dog with the right toys."
    />
  );
}
