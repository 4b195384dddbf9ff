import { PageSection } from "../../components/page-section";
import { pageTitle } from "../../lib/page-title";

export const meta = () => [
  { title: pageTitle("Privacy Policy") },
  { name: "description", content: "How Pawsome Picks collects, uses and protects your information." },
];

export default function Page() {
  return <PageSection title="Privacy Policy" intro="" />;
}
