import { Carousel } from 'antd';
import type { ReactNode } from 'react';

export interface CarouselStep {
  icon: ReactNode;
  title: string;
  text: string;
}

interface StepsCarouselProps {
  steps: CarouselStep[];
  background: string;
}

/** A manual (autoplay off) carousel of numbered steps, drawn with icons and CSS only. */
export function StepsCarousel({ steps, background }: StepsCarouselProps) {
  return (
    <Carousel autoplay={false} infinite={false} arrows dots className="landing-carousel">
      {steps.map((step, index) => (
        <div key={step.title}>
          <div className="landing-slide" style={{ background }} data-testid="carousel-slide">
            <span className="landing-slide-icon" aria-hidden>
              {step.icon}
            </span>
            <h3>
              {index + 1}. {step.title}
            </h3>
            <p>{step.text}</p>
          </div>
        </div>
      ))}
    </Carousel>
  );
}
