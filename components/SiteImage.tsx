import { siteImageUrl } from '@/lib/site/site-images';

/**
 * A thumbnail from remote data (decorative, `alt=""`: the title beside it says what it is). Only
 * from the site's image hosts (lib/site/site-images.ts); for any other address an empty frame of the
 * same size (its class gives the size) stands in its place, marked `data-testid="image-refused"`.
 */
export function SiteImage(props: {
  src: string | null;
  class: string;
  width: number;
  height: number;
  lazy?: boolean;
}) {
  const url = siteImageUrl(props.src);
  if (url === null) return <span class={props.class} data-testid="image-refused" aria-hidden="true" />;
  return (
    <img
      class={props.class}
      src={url}
      alt=""
      width={props.width}
      height={props.height}
      loading={props.lazy ? 'lazy' : undefined}
      decoding="async"
    />
  );
}
