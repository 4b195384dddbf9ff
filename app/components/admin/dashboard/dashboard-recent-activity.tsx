import { Lightbulb } from "lucide-react";
import { DashboardPanel } from "./dashboard-panel";

// The spec's 'Recent Activity' panel is static text. Rather than show invented events, it says
// so and offers tips; the live numbers are in the other panels.
const TIPS = [
  "Publish a new review or guide regularly: fresh content brings visitors back and helps search rankings.",
  "Mark your best toys as Top Picks: they lead the home page and get a bonus in the quiz results.",
  "Fill in materials, ages and dog sizes for every product, so the quiz can match it to the right dogs.",
  "Export the quiz submissions to CSV to see what your visitors' dogs need.",
  "Check which toys get the most affiliate clicks and feature them in your next guide.",
] as const;

/** The dashboard's static 'Recent Activity' panel: fixed tips for running the site, not a live feed. */
export function DashboardRecentActivity() {
  return (
    <DashboardPanel
      id="recent-activity"
      title="Recent Activity"
      subtitle="Tips for running your site (this panel is fixed text, not a live activity feed)."
      icon={Lightbulb}
    >
      <ul className="space-y-3 text-sm">
        {TIPS.map((tip) => (
          <li key={tip} className="flex gap-3">
            <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />
            <span>{tip}</span>
          </li>
        ))}
      </ul>
    </DashboardPanel>
  );
}
