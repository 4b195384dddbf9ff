import { PageSection } from "../../components/page-section";
import { pageTitle } from "../../lib/page-title";

export const meta = () => [
  { title: pageTitle("Dog Toys & Products") },
  { name: "description", content: "Browse dog toys by breed, category, price and rating." },
];

export default function Page() {
  return <PageSection title="Dog Toys & Products" intro="Browse our catalogue of tested dog toys." />;
}
