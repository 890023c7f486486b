import { useState, type CSSProperties } from 'react';
import { assetUrl, PLACEHOLDER_IMAGE } from '../lib/asset-url';

interface AvatarImageProps {
  path: string | null | undefined;
  alt: string;
  style?: CSSProperties;
  className?: string;
  /**
   * The page's main picture, seen without scrolling (often its largest paint): fetched at once and first. The
   * others load when they scroll near the screen.
   */
  priority?: boolean;
  'data-testid'?: string;
}

/** An API image (resolved with assetUrl) that falls back to the local placeholder if it cannot load. */
export function AvatarImage({ path, alt, style, className, priority = false, 'data-testid': testId }: AvatarImageProps) {
  const [failed, setFailed] = useState(false);
  const src = failed ? PLACEHOLDER_IMAGE : assetUrl(path);
  return (
    <img
      src={src}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      className={className}
      data-testid={testId}
      style={{ objectFit: 'cover', display: 'block', ...style }}
      onError={() => setFailed(true)}
    />
  );
}
