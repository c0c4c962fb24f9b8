import { useState } from 'preact/hooks';
import { siteImageUrl } from '@/lib/site/site-images';
import './Avatar.css';

/**
 * A user's round avatar. Decorative (`alt=""`): the name beside it says who it is. Without an image
 * (no id from the service, offline, or an address off the site's image hosts: lib/site/site-images.ts)
 * it shows the name's first letter instead.
 */
export function Avatar({ src: given, name, size }: { src: string | null; name: string; size: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: `${size}px`, height: `${size}px` };
  const src = siteImageUrl(given);
  if (src === null || failed) {
    return (
      <span class="avatar avatar-letter" style={style} aria-hidden="true">
        {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
      </span>
    );
  }
  return (
    <img
      class="avatar"
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
