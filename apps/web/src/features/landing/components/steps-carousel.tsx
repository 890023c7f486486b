import { Carousel, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface CarouselStep {
  icon: ReactNode;
  title: string;
  text: string;
}

interface StepsCarouselProps {
  id: string;
  heading: string;
  steps: CarouselStep[];
  background: string;
}

/** A manual (autoplay off) carousel of numbered steps, drawn with icons and CSS only. */
export function StepsCarousel({ id, heading, steps, background }: StepsCarouselProps) {
  return (
    <section aria-labelledby={`${id}-title`} data-testid={id}>
      <Typography.Title level={3} id={`${id}-title`}>
        {heading}
      </Typography.Title>
      <Carousel autoplay={false} infinite={false} arrows dots style={{ borderRadius: 12, overflow: 'hidden' }}>
        {steps.map((step, index) => (
          <div key={step.title}>
            <Flex
              vertical
              align="center"
              justify="center"
              gap={8}
              style={{ minHeight: 260, padding: '24px 48px 40px', background, color: '#fff', textAlign: 'center' }}
            >
              <span style={{ fontSize: 44 }} aria-hidden>
                {step.icon}
              </span>
              <Typography.Title level={4} style={{ color: '#fff', margin: 0 }}>
                {index + 1}. {step.title}
              </Typography.Title>
              <Typography.Paragraph style={{ color: 'rgba(255,255,255,0.92)', margin: 0, maxWidth: 420 }}>
                {step.text}
              </Typography.Paragraph>
            </Flex>
          </div>
        ))}
      </Carousel>
    </section>
  );
}
