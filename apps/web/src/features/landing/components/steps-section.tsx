import { lazy, Suspense } from 'react';
import type { CarouselStep } from './steps-carousel';

// The carousel (react-slick) streams in just after first paint; a same-size block holds its place.
const StepsCarousel = lazy(() => import('./steps-carousel').then((m) => ({ default: m.StepsCarousel })));

interface StepsSectionProps {
  id: string;
  heading: string;
  steps: CarouselStep[];
  background: string;
}

export function StepsSection({ id, heading, steps, background }: StepsSectionProps) {
  return (
    <section aria-labelledby={`${id}-title`} data-testid={id}>
      {/* Headings go down one level at a time (h1, then these h2, then each step's h3): screen readers navigate by them. */}
      <h2 id={`${id}-title`} className="landing-steps-title">
        {heading}
      </h2>
      <Suspense fallback={<div className="carousel-placeholder" style={{ background }} aria-hidden />}>
        <StepsCarousel steps={steps} background={background} />
      </Suspense>
    </section>
  );
}
