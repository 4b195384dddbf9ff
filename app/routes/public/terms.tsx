import { PageSection } from "../../components/page-section";
import { pageTitle } from "../../lib/page-title";

export const meta = () => [
  { title: pageTitle("Terms of Service") },
  { name: "description", content: "The terms that apply when you use Pawsome Picks." },
];

export default function Page() {
  return <PageSection title="Terms of Service" intro="" />;
}
