import { useRef, useState, type ReactNode } from 'react';

export interface CarouselStep {
  icon: ReactNode;
  title: string;
  text: string;
}

interface StepsCarouselProps {
  /** What the carousel is about, for screen readers ("Pasos para profesionales"). */
  label: string;
  steps: CarouselStep[];
  background: string;
}

/** A chevron drawn in the arrow's text colour, pointing left or right. */
function Chevron({ to }: { to: 'left' | 'right' }) {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden focusable="false">
      <path
        d={to === 'left' ? 'M9 2 4 7l5 5' : 'M5 2l5 5-5 5'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * A manual carousel (no autoplay, as the spec asks) of numbered steps: the slides sit side by side in a row that
 * scrolls and snaps to each one, so a finger swipes them natively and nothing is measured in script. The arrows and
 * dots scroll the row; the row's scroll position says which step is shown (antd's Carousel measures every slide on
 * start, in one long task).
 */
export function StepsCarousel({ label, steps, background }: StepsCarouselProps) {
  const row = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);

  const show = (index: number) => {
    const target = Math.max(0, Math.min(steps.length - 1, index));
    setCurrent(target);
    const element = row.current;
    // Smooth or not as the row's CSS says (only for people who did not ask for less motion). scrollTo is missing where
    // there is no layout (jsdom): the state alone then says which step is shown.
    element?.scrollTo?.({ left: target * element.clientWidth });
  };

  const followScroll = () => {
    const element = row.current;
    if (element && element.clientWidth > 0) setCurrent(Math.round(element.scrollLeft / element.clientWidth));
  };

  return (
    <div className="steps-carousel" role="region" aria-roledescription="carrusel" aria-label={label} data-testid="steps-carousel">
      {/* Focusable: a keyboard scrolls the row with its arrow keys too (a scrolling region must be reachable). */}
      <div className="steps-carousel-row" ref={row} onScroll={followScroll} tabIndex={0}>
        {steps.map((step, index) => (
          <div
            key={step.title}
            className="landing-slide"
            style={{ background }}
            role="group"
            aria-roledescription="paso"
            aria-label={`${index + 1} de ${steps.length}`}
            data-testid="carousel-slide"
          >
            <span className="landing-slide-icon" aria-hidden>
              {step.icon}
            </span>
            <h3>
              {index + 1}. {step.title}
            </h3>
            <p>{step.text}</p>
          </div>
        ))}
      </div>
      <button
        type="button"
        className="steps-carousel-arrow steps-carousel-previous"
        aria-label="Paso anterior"
        disabled={current === 0}
        onClick={() => show(current - 1)}
      >
        <Chevron to="left" />
      </button>
      <button
        type="button"
        className="steps-carousel-arrow steps-carousel-next"
        aria-label="Paso siguiente"
        disabled={current === steps.length - 1}
        onClick={() => show(current + 1)}
      >
        <Chevron to="right" />
      </button>
      <div className="steps-carousel-dots">
        {steps.map((step, index) => (
          <button
            key={step.title}
            type="button"
            className="steps-carousel-dot"
            aria-label={`Ir al paso ${index + 1}`}
            aria-current={index === current ? 'step' : undefined}
            onClick={() => show(index)}
          />
        ))}
      </div>
    </div>
  );
}
