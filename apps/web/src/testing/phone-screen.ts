/**
 * Makes `window.matchMedia` answer as a 390 px wide phone does: width queries by their bounds (antd's breakpoints:
 * xs is `(max-width: 575px)`, sm `(min-width: 576px)`…), every other query as the polyfill does. `restore` puts the
 * original back.
 */
export function fakePhoneScreen(width = 390) {
  const original = window.matchMedia;
  window.matchMedia = ((media: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(media);
    const min = /min-width:\s*([\d.]+)px/.exec(media);
    if (!max && !min) return original(media);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return { ...original(media), matches, media };
  }) as typeof window.matchMedia;
  return { restore: () => void (window.matchMedia = original) };
}
