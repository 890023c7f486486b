import { StepsCarousel, type CarouselStep } from './steps-carousel';

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
      {/* Plain markup and CSS: part of the landing's first paint, made at build time. */}
      <StepsCarousel label={heading} steps={steps} background={background} />
    </section>
  );
}
