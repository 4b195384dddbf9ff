import { PageSection } from "../../components/page-section";
import { pageTitle } from "../../lib/page-title";

export const meta = () => [
  { title: pageTitle("About Us") },
  { name: "description", content: "Who we are and how we choose the toys we recommend." },
];

export default function Page() {
  return (
    <PageSection
      title="About Pawsome Picks"
      intro="We help dog owners find toys their dogs love and can't destroy in five minutes."
    />
  );
}
