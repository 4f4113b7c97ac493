import { Box, Group, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';

export type BannerSlide = { image: string; background?: string | null; link?: string | null };

export type BannerCarouselProps = {
  slides: BannerSlide[];
  /** Spec §9: banners rotate every 5 s. */
  intervalMs?: number;
  /** Accessible name of the region and of each dot ("Banner 2"); translated by the caller. */
  label: string;
  slideLabel: (index: number) => string;
  height?: number | string;
};

/** Rotating banners with dots; pauses while hovered or focused so a reader can finish. */
export const BannerCarousel = ({ slides, intervalMs = 5000, label, slideLabel, height = '100%' }: BannerCarouselProps) => {
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;

  useEffect(() => {
    if (count < 2 || paused) return undefined;
    const timer = setInterval(() => setActive((index) => (index + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [count, intervalMs, paused]);

  if (count === 0) return null;
  const slide = slides[Math.min(active, count - 1)];
  const picture = (
    <Box
      component="img"
      src={slide.image}
      alt=""
      style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
    />
  );

  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label={label}
      pos="relative"
      h={height}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      style={{
        backgroundImage: slide.background ? `url("${slide.background}")` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        overflow: 'hidden',
      }}
    >
      <Box aria-live="off" h="100%" p="xl" data-testid="banner-slide" data-index={active}>
        {slide.link ? (
          <a href={slide.link} target="_blank" rel="noreferrer noopener">
            {picture}
          </a>
        ) : (
          picture
        )}
      </Box>
      {count > 1 ? (
        <Group gap={8} justify="center" pos="absolute" bottom={16} left={0} right={0}>
          {slides.map((item, index) => (
            <UnstyledButton
              key={`${item.image}-${index}`}
              aria-label={slideLabel(index)}
              aria-current={index === active}
              onClick={() => setActive(index)}
              style={{
                width: index === active ? 24 : 10,
                height: 10,
                borderRadius: 5,
                background: index === active ? 'white' : 'rgba(255,255,255,0.55)',
                transition: 'width 150ms ease',
              }}
            />
          ))}
        </Group>
      ) : null}
    </Box>
  );
};
