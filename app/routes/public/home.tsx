import { Link } from "react-router";
import { HOME_TITLE } from "../../lib/page-title";

export const meta = () => [
  { title: HOME_TITLE },
  {
    name: "description",
    content:
      "Find the best toys for your dog by breed: honest reviews, guides and a five-question toy matchmaker quiz.",
  },
];

export default function Home() {
  return (
    <section className="bg-gradient-to-b from-orange-50 to-surface">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
          Find the perfect toy for your dog's breed
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-muted">
          Breed-specific recommendations, durability-tested picks and guides updated every week.
        </p>
        <div className="mt-8 flex flex-wrap gap-4">
          <a
            href="#breed-search"
            className="rounded-lg bg-primary px-6 py-3 font-bold text-white hover:bg-primary-hover"
          >
            Find Toys by Breed
          </a>
          <Link
            to="/quiz"
            className="rounded-lg border-2 border-primary px-6 py-3 font-bold text-primary hover:bg-primary-soft"
          >
            Take the Toy Quiz
          </Link>
        </div>
      </div>
      <div id="breed-search" />
    </section>
  );
}
