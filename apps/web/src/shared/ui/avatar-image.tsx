import { useState, type CSSProperties } from 'react';
import { assetUrl, PLACEHOLDER_IMAGE } from '../lib/asset-url';

interface AvatarImageProps {
  path: string | null | undefined;
  alt: string;
  style?: CSSProperties;
  className?: string;
  'data-testid'?: string;
}

/** An API image (resolved with assetUrl) that falls back to the local placeholder if it cannot load. */
export function AvatarImage({ path, alt, style, className, 'data-testid': testId }: AvatarImageProps) {
  const [failed, setFailed] = useState(false);
  const src = failed ? PLACEHOLDER_IMAGE : assetUrl(path);
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      className={className}
      data-testid={testId}
      style={{ objectFit: 'cover', display: 'block', ...style }}
      onError={() => setFailed(true)}
    />
  );
}
