import { Pause, Play } from "lucide-react";
import { useEffect, useState } from "react";
import { useHydrated } from "../lib/use-hydrated";
import { RatingStars } from "./rating-stars";
import { SmartImage } from "./smart-image";

export const AUTOPLAY_MS = 5000;

export interface TestimonialSlide {
  id: number;
  name: string;
  dogBreed: string;
  content: string;
  rating: number;
  imageUrl: string | null;
}

/** Moves an index by `step`, wrapping at both ends. */
export function wrapIndex(index: number, step: number, length: number): number {
  return (((index + step) % length) + length) % length;
}

/** Testimonials one at a time, with previous/next, dots and an autoplay pause/play toggle. */
export function TestimonialCarousel({ testimonials }: { testimonials: TestimonialSlide[] }) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const count = testimonials.length;
  const hydrated = useHydrated();
  const current = testimonials[Math.min(index, count - 1)];

  // biome-ignore lint/correctness/useExhaustiveDependencies: restart the timer after every slide change
  useEffect(() => {
    if (!playing || count <= 1) return;
    const timer = setTimeout(() => setIndex((i) => wrapIndex(i, 1, count)), AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [playing, count, index]);

  if (!current) return null;
  return (
    <section
      aria-roledescription="carousel"
      aria-label="What dog parents say"
      className="mx-auto max-w-3xl"
      data-testid="testimonial-carousel"
    >
      <div
        aria-live={playing ? "off" : "polite"}
        aria-atomic="true"
        className="rounded-2xl border border-stone-200 bg-white p-8 text-center shadow-sm"
      >
        <figure aria-roledescription="slide" aria-label={`${index + 1} of ${count}`} data-testid="testimonial-slide">
          <SmartImage
            src={current.imageUrl}
            alt=""
            width={200}
            height={200}
            loading="lazy"
            className="mx-auto size-16 rounded-full bg-stone-100 object-cover"
          />
          <div className="mt-4 flex justify-center">
            <RatingStars rating={current.rating} halves={false} className="size-5" />
          </div>
          <blockquote className="mt-4 text-lg leading-relaxed">“{current.content}”</blockquote>
          <figcaption className="mt-4">
            <span className="block font-bold">{current.name}</span>
            <span className="block text-sm text-muted">{current.dogBreed} Parent</span>
          </figcaption>
        </figure>
      </div>
      {count > 1 ? (
        <div className="mt-6 flex items-center justify-center gap-3">
          <button
            type="button"
            disabled={!hydrated}
            onClick={() => setIndex((i) => wrapIndex(i, -1, count))}
            className="inline-flex size-11 items-center justify-center rounded-full border border-stone-300 bg-white hover:border-primary hover:text-primary"
            aria-label="Previous testimonial"
          >
            <span aria-hidden="true" className="text-2xl leading-none">
              ‹
            </span>
          </button>
          <div className="flex items-center">
            {testimonials.map((t, i) => (
              <button
                key={t.id}
                type="button"
                disabled={!hydrated}
                onClick={() => setIndex(i)}
                aria-label={`Go to testimonial ${i + 1}`}
                aria-current={i === index ? "true" : undefined}
                className="group inline-flex size-8 items-center justify-center"
              >
                <span
                  className={`block size-2.5 rounded-full transition-colors ${i === index ? "bg-primary" : "bg-stone-300 group-hover:bg-stone-400"}`}
                />
              </button>
            ))}
          </div>
          <button
            type="button"
            disabled={!hydrated}
            onClick={() => setIndex((i) => wrapIndex(i, 1, count))}
            className="inline-flex size-11 items-center justify-center rounded-full border border-stone-300 bg-white hover:border-primary hover:text-primary"
            aria-label="Next testimonial"
          >
            <span aria-hidden="true" className="text-2xl leading-none">
              ›
            </span>
          </button>
          <button
            type="button"
            disabled={!hydrated}
            onClick={() => setPlaying((p) => !p)}
            className="inline-flex size-11 items-center justify-center rounded-full border border-stone-300 bg-white hover:border-primary hover:text-primary"
            aria-label={playing ? "Pause autoplay" : "Play autoplay"}
          >
            {playing ? <Pause className="size-5" aria-hidden="true" /> : <Play className="size-5" aria-hidden="true" />}
          </button>
        </div>
      ) : null}
    </section>
  );
}
