import PauseNode from "lucide/dist/esm/icons/pause.mjs";
import PlayNode from "lucide/dist/esm/icons/play.mjs";
import { useEffect, useState } from "react";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { usePrefersReducedMotion } from "#app/lib/use-reduced-motion.ts";
import type { Testimonial } from "#domain/testimonials.ts";
import { RatingStars } from "./rating-stars";
import { SmartImage } from "./smart-image";
import { icon } from "./ui/icon";

const Pause = icon("pause", PauseNode);
const Play = icon("play", PlayNode);

export const AUTOPLAY_MS = 5000;

/** Moves an index by `step`, wrapping at both ends. */
export function wrapIndex(index: number, step: number, length: number): number {
  return (((index + step) % length) + length) % length;
}

/**
 * Testimonials one at a time, with previous/next, dots and an autoplay pause/play toggle.
 *
 * Motion follows WCAG 2.2.2 and the APG carousel pattern (decision 031): rotation holds while
 * the pointer is over the carousel or focus is inside it, and does not start by itself when the
 * visitor prefers reduced motion (the toggle then offers 'Play autoplay'; pressing it is their
 * choice). All slides share one grid cell, so the tallest sets the height and the controls
 * below never move from slide to slide.
 */
export function TestimonialCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  const [index, setIndex] = useState(0);
  // the visitor's own choice through the toggle; until then the system's motion setting decides
  const [chosen, setChosen] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focusedWithin, setFocusedWithin] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const count = testimonials.length;
  const hydrated = useHydrated();
  const current = Math.min(index, count - 1);
  const playing = chosen ?? !reducedMotion;
  const rotating = playing && !hovered && !focusedWithin && count > 1;

  // biome-ignore lint/correctness/useExhaustiveDependencies: restart the timer after every slide change
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex((i) => wrapIndex(i, 1, count)), AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [rotating, count, index]);

  function toggle() {
    setChosen(!playing);
    // Play is an explicit request: it starts at once, though the pointer and focus are still
    // on the button. Moving on to another control holds it again.
    if (!playing) {
      setHovered(false);
      setFocusedWithin(false);
    }
  }

  if (count === 0) return null;
  return (
    <section
      aria-roledescription="carousel"
      aria-label="What dog parents say"
      className="mx-auto max-w-3xl"
      data-testid="testimonial-carousel"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocusedWithin(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocusedWithin(false);
      }}
    >
      <div
        aria-live={rotating ? "off" : "polite"}
        aria-atomic="true"
        className="grid rounded-2xl border border-stone-200 bg-white p-8 text-center shadow-sm"
      >
        {testimonials.map((testimonial, i) => {
          const shown = i === current;
          return (
            <figure
              key={testimonial.id}
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={shown ? undefined : true}
              inert={!shown}
              // the test id marks the slide on screen; the others only hold the height
              data-testid={shown ? "testimonial-slide" : undefined}
              className={`col-start-1 row-start-1 ${shown ? "" : "invisible"}`}
            >
              <SmartImage
                src={testimonial.imageUrl}
                alt=""
                width={200}
                height={200}
                loading="lazy"
                className="mx-auto size-16 rounded-full bg-stone-100 object-cover"
              />
              <div className="mt-4 flex justify-center">
                <RatingStars rating={testimonial.rating} halves={false} className="size-5" />
              </div>
              <blockquote className="mt-4 text-lg leading-relaxed">“{testimonial.content}”</blockquote>
              <figcaption className="mt-4">
                <span className="block font-bold">{testimonial.name}</span>
                <span className="block text-sm text-muted">{testimonial.dogBreed} Parent</span>
              </figcaption>
            </figure>
          );
        })}
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
                aria-current={i === current ? "true" : undefined}
                className="group inline-flex size-8 items-center justify-center"
              >
                <span
                  className={`block size-2.5 rounded-full transition-colors ${i === current ? "bg-primary" : "bg-stone-300 group-hover:bg-stone-400"}`}
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
            onClick={toggle}
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
