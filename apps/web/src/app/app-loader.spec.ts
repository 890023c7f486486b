import {
  APP_LOADER_MAX_WAIT_MS,
  APP_LOADER_SOURCE,
  KEPT_CLICK_AFTER_START_MS,
  KEPT_CLICK_MAX_WAIT_MS,
  PRELOADS_PER_TASK,
  startAppAfterLoad,
} from '../../build/app-loader';

const INDEX_HTML = `<!doctype html>
<html lang="es">
  <head>
    <title>Oficios</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/framework-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
  <link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/route-jkl.js"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/card-mno.js"></head>
  <body><div id="root"></div></body>
</html>`;

describe('startAppAfterLoad', () => {
  it("puts the app's module script and every preload in one deferred loader element, and leaves the rest as it was", () => {
    expect(startAppAfterLoad(INDEX_HTML, 'assets/app-loader-1234.js')).toBe(`<!doctype html>
<html lang="es">
  <head>
    <title>Oficios</title>
    <script defer src="/assets/app-loader-1234.js" data-entry="/assets/index-abc.js" data-preload="/assets/framework-def.js /assets/route-jkl.js /assets/card-mno.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
  </head>
  <body><div id="root"></div></body>
</html>`);
  });

  it('refuses a page without the app’s module script (a build that changed its shape)', () => {
    expect(() => startAppAfterLoad('<html><head></head></html>', 'assets/app-loader-1234.js')).toThrow('sin el script de módulo');
  });
});

describe('the app loader', () => {
  /** Runs the loader as the browser would: from its own element, while the page is in the given state. */
  const PRELOADS = Array.from({ length: PRELOADS_PER_TASK + 3 }, (_, index) => `/assets/chunk-${index}.js`);
  function runLoader(readyState: DocumentReadyState): void {
    const element = document.createElement('script');
    element.dataset.entry = '/assets/index-abc.js';
    element.dataset.preload = PRELOADS.join(' ');
    jest.spyOn(document, 'currentScript', 'get').mockReturnValue(element);
    jest.spyOn(document, 'readyState', 'get').mockReturnValue(readyState);
    new Function(APP_LOADER_SOURCE)();
    jest.restoreAllMocks();
  }
  const started = () => ({
    scripts: [...document.head.querySelectorAll('script[type="module"]')].map((script) => script.getAttribute('src')),
    preloads: [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')),
  });

  beforeEach(() => {
    jest.useFakeTimers();
    document.head.innerHTML = '';
  });
  afterEach(() => jest.useRealTimers());

  it("asks for the app's scripts once the page has loaded, each once, not before; the preloads a few per task", () => {
    runLoader('interactive');
    expect(started()).toEqual({ scripts: [], preloads: [] });
    window.dispatchEvent(new Event('load'));
    // After the next frame.
    expect(started()).toEqual({ scripts: [], preloads: [] });
    jest.advanceTimersByTime(17);
    expect(started()).toEqual({ scripts: ['/assets/index-abc.js'], preloads: PRELOADS.slice(0, PRELOADS_PER_TASK) });
    jest.advanceTimersByTime(1);
    const app = { scripts: ['/assets/index-abc.js'], preloads: PRELOADS };
    expect(started()).toEqual(app);
    // Neither the time limit nor a second load starts it again.
    jest.advanceTimersByTime(APP_LOADER_MAX_WAIT_MS);
    window.dispatchEvent(new Event('load'));
    expect(started()).toEqual(app);
    const script = document.head.querySelector<HTMLScriptElement>('script[type="module"]')!;
    expect(script.crossOrigin).toBe('');
  });

  it('starts the app after APP_LOADER_MAX_WAIT_MS when the page never finishes loading (a photo whose host hangs)', () => {
    runLoader('interactive');
    jest.advanceTimersByTime(APP_LOADER_MAX_WAIT_MS - 1);
    expect(started().scripts).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(started().scripts).toEqual(['/assets/index-abc.js']);
  });

  it('starts the app after the next frame on a page that has already loaded', () => {
    runLoader('complete');
    expect(started().scripts).toEqual([]);
    jest.advanceTimersByTime(17);
    expect(started().scripts).toEqual(['/assets/index-abc.js']);
  });

  it('starts the app at once when the person touches the page or presses a key, before it has loaded', () => {
    runLoader('interactive');
    window.dispatchEvent(new Event('pointerdown'));
    expect(started().scripts).toEqual(['/assets/index-abc.js']);
  });

  describe('a click made before React owns its element', () => {
    /** What React leaves on an element it has taken over (rendered or hydrated). */
    const ownByReact = (element: Element) => Object.assign(element, { __reactProps$test: {} });
    let clicked: string[];
    function page(): { button: HTMLButtonElement; icon: HTMLElement; link: HTMLAnchorElement } {
      document.body.innerHTML =
        '<div id="root"><div><button type="button">Reservar <span role="img"><svg></svg></span></button><a href="/detail/1">Ver Mas...</a></div></div>';
      const button = document.querySelector('button')!;
      const link = document.querySelector('a')!;
      clicked = [];
      // As React's root listener would: after the loader's (which listens on the window, before it).
      document.getElementById('root')!.addEventListener('click', (event) => {
        clicked.push((event.target as Element).tagName);
      });
      link.addEventListener('click', (event) => event.preventDefault()); // no navigation in jsdom
      runLoader('interactive');
      return { button, icon: button.querySelector('svg') as unknown as HTMLElement, link };
    }
    afterEach(() => {
      jest.advanceTimersByTime(KEPT_CLICK_MAX_WAIT_MS + APP_LOADER_MAX_WAIT_MS);
      document.body.innerHTML = '';
      delete document.documentElement.dataset.app;
    });

    it('is kept, starts the app, and reaches the same element once React owns it, once however often it was clicked', () => {
      const { button, icon } = page();
      icon.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      button.click();
      expect(clicked).toEqual([]);
      expect(started().scripts).toEqual(['/assets/index-abc.js']);
      jest.advanceTimersByTime(500);
      expect(clicked).toEqual([]);
      ownByReact(button);
      ownByReact(button.querySelector('span')!);
      jest.advanceTimersByTime(60);
      expect(clicked).toEqual(['svg', 'BUTTON']);
      // Once React owns it, a click goes straight through.
      button.click();
      expect(clicked).toEqual(['svg', 'BUTTON', 'BUTTON']);
    });

    it('reaches the element in its place with its text when React has drawn the page anew', () => {
      const { button } = page();
      button.click();
      const drawnAgain = button.cloneNode(true) as HTMLButtonElement;
      button.replaceWith(ownByReact(drawnAgain));
      jest.advanceTimersByTime(60);
      expect(clicked).toEqual(['BUTTON']);
    });

    it('waits for the element when React has drawn the page anew without it yet (its part still loading)', () => {
      const { button } = page();
      button.click();
      const drawnAgain = button.cloneNode(true) as HTMLButtonElement;
      const place = button.parentElement!;
      button.remove();
      jest.advanceTimersByTime(500);
      expect(clicked).toEqual([]);
      place.prepend(ownByReact(drawnAgain));
      jest.advanceTimersByTime(60);
      expect(clicked).toEqual(['BUTTON']);
    });

    it('is handed over as it is a while after the app has started, should React never own its element', async () => {
      const { button } = page();
      button.click();
      document.documentElement.dataset.app = 'started';
      await Promise.resolve(); // the loader's MutationObserver
      jest.advanceTimersByTime(KEPT_CLICK_AFTER_START_MS - 100);
      expect(clicked).toEqual([]);
      jest.advanceTimersByTime(200);
      expect(clicked).toEqual(['BUTTON']);
    });

    it('leaves real links to the browser, and is given up when the app never comes', () => {
      const { button, link } = page();
      link.click();
      expect(clicked).toEqual(['A']);
      button.click();
      jest.advanceTimersByTime(KEPT_CLICK_MAX_WAIT_MS + 100);
      ownByReact(button);
      jest.advanceTimersByTime(100);
      expect(clicked).toEqual(['A']);
    });
  });
});
