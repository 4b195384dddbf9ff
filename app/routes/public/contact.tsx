import { PageSection } from "../../components/page-section";
import { pageTitle } from "../../lib/page-title";

export const meta = () => [
  { title: pageTitle("Contact Us") },
  { name: "description", content: "Get in touch with the Pawsome Picks team." },
];

export default function Page() {
  return <PageSection title="Contact Us" intro="Questions, suggestions or feedback? We'd love to hear from you." />;
}
