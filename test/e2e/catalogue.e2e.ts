import { capitalize, CONTACT_HIDDEN_TEXT, dateLabel, nameSortKey, PROFESSION_NAMES, type ProfessionalListItem } from '@oficios/domain';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  apiUser,
  cardNames,
  choose,
  bookableDates,
  expectedPage,
  fetchCatalogue,
  firstDateOn,
  fullNames,
  hydrationRedraws,
  pickCartDate,
  type ApiUser,
} from './support';

let catalogue: ProfessionalListItem[];

test.beforeAll(async ({ request }) => {
  catalogue = await fetchCatalogue(request);
  expect(catalogue.length).toBeGreaterThanOrEqual(40);
});

test.describe('landing page', () => {
  test('shows both carousels, the profession picker and the team', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Elige una profesion:' })).toBeVisible();
    const buttons = page.getByTestId('profession-button');
    await expect(buttons).toHaveCount(12);
    await expect(buttons).toContainText(PROFESSION_NAMES.map((name) => capitalize(name)));
    await expect(page.getByTestId('all-professions-button')).toHaveText('Todas las profesiones');
    await expect(page.getByTestId('steps-carousel')).toHaveCount(2);
    // Manual carousels: the arrow scrolls the next step into view and its dot becomes the current one.
    const clients = page.getByRole('region', { name: '¿Necesitas un profesional?' });
    const steps = clients.getByTestId('carousel-slide');
    await expect(steps).toHaveCount(5);
    await expect(steps.nth(0)).toBeInViewport({ ratio: 0.9 });
    await clients.getByRole('button', { name: 'Paso siguiente' }).click();
    await expect(steps.nth(1)).toBeInViewport({ ratio: 0.9 });
    await expect(clients.getByRole('button', { name: 'Ir al paso 2' })).toHaveAttribute('aria-current', 'step');
    await expect(page.getByTestId('team-member')).toHaveCount(8);
    const anchors = page.locator('[data-testid="team-link"][href^="#"]');
    await expect(anchors).toHaveCount(2);
    await expect(anchors.first()).toHaveAttribute('href', /^#\/\w+$/);
    await expect(anchors.last()).toHaveAttribute('href', /^#\w+$/);
    // The top bar: entries of the spec, and no cart badge while the cart is empty.
    await expect(page.getByRole('button', { name: 'Iniciar Sesion' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Regístrate/ })).toBeVisible();
    await expect(page.locator('[data-testid="cart-badge"] .ant-badge-count')).toHaveCount(0);
  });

  test('a profession button opens the listing filtered by it', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('profession-button').getByText('Plomero', { exact: true }).click();
    await expect(page).toHaveURL(/\/home\/plomero$/);
    await expect(page.getByTestId('profession-chip')).toHaveText(['Plomero']);
    await expect(cardNames(page)).toHaveText(fullNames(expectedPage(catalogue, { professions: 'plomero' })));
  });

  test("'Todas las profesiones' opens the whole listing", async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('all-professions-button').click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(cardNames(page)).toHaveText(fullNames(expectedPage(catalogue, { page: '1' })));
  });
});

test.describe('listing', () => {
  test('shows eight cards with their buttons and paginates the rest', async ({ page }) => {
    await page.goto('/home');
    await expect(cardNames(page)).toHaveText(fullNames(expectedPage(catalogue, { page: '1' })));
    const card = page.getByTestId('professional-card').first();
    await expect(card.getByRole('link', { name: 'Ver Mas...' }).or(card.getByText('Ver Mas...'))).toBeVisible();
    await expect(card.getByRole('button', { name: 'Reservar' })).toBeVisible();
    await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
    await expect(cardNames(page)).toHaveText(fullNames(expectedPage(catalogue, { page: '2' })));
  });

  test('comes with its cards in the page: they show with JavaScript off, and the app then takes them over', async ({ browser, page }) => {
    // The server renders the listing the URL names (here page 2, by name from Z to A) with its data.
    const path = '/home?sort=firstName&order=desc&page=2';
    const expected = fullNames(expectedPage(catalogue, { sort: 'firstName', order: 'desc', page: '2' }));
    expect(expected.length).toBeGreaterThan(0);
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    try {
      const bare = await noScript.newPage();
      await bare.goto(path);
      await expect(cardNames(bare)).toHaveText(expected);
      await expect(bare.getByRole('img', { name: `Foto de ${expected[0]}` })).toBeVisible();
    } finally {
      await noScript.close();
    }
    // With JavaScript, the same cards, now the app's (hydrated as they came: nothing drawn again): its pagination works.
    const redrawn = hydrationRedraws(page);
    await page.goto(path);
    await expect(cardNames(page)).toHaveText(expected);
    await page.locator('.ant-pagination').getByTitle('1', { exact: true }).click();
    await expect(cardNames(page)).toHaveText(fullNames(expectedPage(catalogue, { sort: 'firstName', order: 'desc' })));
    expect(redrawn).toEqual([]);
  });

  test('filters by reputation', async ({ page }) => {
    await page.goto('/home');
    await choose(page, 'Reputacion', '5 estrellas');
    const expected = expectedPage(catalogue, { rating: '5' });
    expect(expected.total).toBeGreaterThan(0);
    await expect(cardNames(page)).toHaveText(fullNames(expected));
    for (const rating of await page.getByTestId('card-rating').all()) await expect(rating).toHaveAttribute('data-rating', '5');
  });

  test('sorts by name and by reviews, both directions', async ({ page }) => {
    await page.goto('/home');
    await choose(page, 'Orden por nombre', 'Ascendente');
    await expect(cardNames(page)).toHaveText(fullNames(expectedPage(catalogue, { sort: 'firstName', order: 'asc' })));
    await choose(page, 'Orden por nombre', 'Descendente');
    await expect(cardNames(page)).toHaveText(fullNames(expectedPage(catalogue, { sort: 'firstName', order: 'desc' })));
    await choose(page, 'Orden por reseñas', 'Descendente');
    await expect(cardNames(page)).toHaveText(fullNames(expectedPage(catalogue, { sort: 'rating', order: 'desc' })));
    await choose(page, 'Orden por reseñas', 'Ascendente');
    await expect(cardNames(page)).toHaveText(fullNames(expectedPage(catalogue, { sort: 'rating', order: 'asc' })));
  });

  test("a page the server rendered asks for the app's scripts only once it has loaded (its photos in view first)", async ({ page }) => {
    for (const path of ['/home', `/detail/${catalogue[0].id}`]) {
      await page.goto(path);
      const timing = await page.evaluate(() => {
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const started = (pattern: RegExp) =>
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) => pattern.test(entry.name));
        return {
          loaded: navigation.loadEventStart,
          loader: started(/\/assets\/app-loader-\w+\.js$/)?.responseEnd,
          app: started(/\/assets\/index-[\w-]+\.js$/)?.startTime,
        };
      });
      expect(timing.loader, path).toBeDefined();
      // Asked for at the page's load (after its photo came), or, had that taken longer, APP_LOADER_MAX_WAIT_MS after
      // the loader ran: never alongside the page's own content, as a module script in the HTML would be.
      expect(timing.app, path).toBeGreaterThanOrEqual(Math.min(timing.loaded, timing.loader! + 2_500));
    }
  });

  test('the search box waits for the app on a page the server rendered: nothing typed into it is lost', async ({ page }) => {
    const someone = catalogue[7];
    // The app's scripts held back: the page is the server's HTML alone.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/home', { waitUntil: 'commit' });
    const box = page.getByRole('textbox', { name: 'Buscar profesional' });
    await expect(cardNames(page)).toHaveText(fullNames(expectedPage(catalogue, { page: '1' })));
    await expect(box).toBeDisabled();
    await expect(page.getByRole('button', { name: /Buscar/ })).toBeDisabled();
    release();
    await box.fill(someone.lastName);
    await page.getByRole('button', { name: /Buscar/ }).click();
    await expect(cardNames(page)).toHaveText(fullNames(expectedPage(catalogue, { search: someone.lastName })));
    await expect(box).toHaveValue(someone.lastName);
  });

  test('searches by name', async ({ page }) => {
    const someone = catalogue[5];
    await page.goto('/home');
    await page.getByRole('textbox', { name: 'Buscar profesional' }).fill(someone.lastName);
    await page.getByRole('button', { name: /Buscar/ }).click();
    const expected = expectedPage(catalogue, { search: someone.lastName });
    await expect(cardNames(page)).toHaveText(fullNames(expected));
    await expect(cardNames(page)).toContainText([`${someone.firstName} ${someone.lastName}`]);
  });

  test('adds and removes profession chips; all chosen must match; the URL follows', async ({ page }) => {
    await page.goto('/home');
    await choose(page, 'Profesion', 'Plomero');
    await expect(page).toHaveURL(/\/home\/plomero$/);
    await choose(page, 'Profesion', 'Gasista');
    await expect(page.getByTestId('profession-chip')).toHaveText(['Plomero', 'Gasista']);
    await expect(cardNames(page)).toHaveText(fullNames(expectedPage(catalogue, { professions: 'plomero,gasista' })));
    await page.getByRole('button', { name: 'Quitar Plomero' }).or(page.getByLabel('Quitar Plomero')).first().click();
    await expect(page.getByTestId('profession-chip')).toHaveText(['Gasista']);
    await expect(page).toHaveURL(/\/home\/gasista$/);
    await expect(cardNames(page)).toHaveText(fullNames(expectedPage(catalogue, { professions: 'gasista' })));
    await choose(page, 'Profesion', 'Todas');
    await expect(page.getByTestId('profession-chip')).toHaveCount(0);
    await expect(page).toHaveURL(/\/home$/);
  });

  test('any filter change goes back to page 1', async ({ page }) => {
    await page.goto('/home');
    await page.locator('.ant-pagination').getByTitle('3', { exact: true }).click();
    await expect(cardNames(page)).toHaveText(fullNames(expectedPage(catalogue, { page: '3' })));
    await choose(page, 'Orden por reseñas', 'Descendente');
    await expect(cardNames(page)).toHaveText(fullNames(expectedPage(catalogue, { page: '1', sort: 'rating', order: 'desc' })));
    await expect(page.locator('.ant-pagination-item-active')).toHaveText('1');
  });

  test('hides pagination with eight results or fewer', async ({ page }) => {
    const profession = PROFESSION_NAMES.find((name) => {
      const total = expectedPage(catalogue, { professions: name }).total;
      return total >= 1 && total <= 8;
    });
    expect(profession).toBeDefined();
    await page.goto(`/home/${encodeURIComponent(profession!)}`);
    await expect(cardNames(page)).toHaveText(fullNames(expectedPage(catalogue, { professions: profession! })));
    await expect(page.locator('.ant-pagination')).toHaveCount(0);
    await page.goto('/home');
    await expect(page.locator('.ant-pagination')).toBeVisible();
  });

  test('shows the empty state when nothing matches', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('textbox', { name: 'Buscar profesional' }).fill('zzzz nadie');
    await page.getByRole('textbox', { name: 'Buscar profesional' }).press('Enter');
    await expect(page.getByText('No se ha encontrado ningun Profesional')).toBeVisible();
    await expect(page.getByText(/Prueba con otras opciones ;D/)).toBeVisible();
    await expect(page.getByTestId('professional-card')).toHaveCount(0);
  });

  test('opens a profession from the address bar', async ({ page }) => {
    await page.goto('/home/electricista');
    await expect(page.getByTestId('profession-chip')).toHaveText(['Electricista']);
    await expect(cardNames(page)).toHaveText(fullNames(expectedPage(catalogue, { professions: 'electricista' })));
  });

  for (const [width, columns] of [
    [400, 1],
    [800, 3],
    [1280, 4],
  ] as const) {
    test(`lays cards out in ${columns} column(s) at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/home');
      await expect(page.getByTestId('professional-card')).toHaveCount(8);
      const boxes = await page
        .getByTestId('professional-card')
        .evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().top)));
      expect(boxes.filter((top) => top === boxes[0])).toHaveLength(columns);
    });
  }

  test("'Reservar' opens the cart panel; days are required; the cart survives a reload", async ({ page }) => {
    const first = expectedPage(catalogue, { page: '1' }).items[0];
    await page.goto('/home');
    await page.getByTestId('professional-card').first().getByRole('button', { name: 'Reservar' }).click();
    const panel = page.getByTestId('cart-panel');
    await expect(page.getByText('Resumen Del Carrito')).toBeVisible();
    await expect(panel.getByTestId('cart-panel-item')).toHaveCount(1);
    await expect(page.locator('[data-testid="cart-badge"] .ant-badge-count')).toHaveText('1');

    // It refuses to close while the professional has no days.
    await page.locator('.ant-drawer-close').click();
    await expect(page.getByText('Debes seleccionar los dias de tu profesional para seguir navegando')).toBeVisible();
    await expect(page.getByText('Resumen Del Carrito')).toBeVisible();

    // A date of the professional's first working day, picked on its calendar: the chip names the day and the date.
    const day = first.availableDays[0];
    const date = firstDateOn(await bookableDates(page.request, first.id), day);
    await pickCartDate(page, panel, date, () => expect(panel.getByTestId('cart-day-chip')).toHaveCount(1, { timeout: 1000 }));
    await expect(panel.getByTestId('cart-day-chip')).toHaveText(dateLabel(date));
    await expect(panel.getByTestId('cart-day-chip')).toHaveAttribute('data-day', day);
    await expect(panel.getByTestId('cart-total-days')).toContainText('1');

    await page.locator('.ant-drawer-close').click();
    await expect(page.getByText('Resumen Del Carrito')).toBeHidden();
    await page.getByTestId('professional-card').first().getByRole('button', { name: 'Reservar' }).click();
    await expect(page.getByText('No se puede realizar esta accion!')).toBeVisible();
    await expect(page.getByText('El profesional ya fue agregado a tu carrito')).toBeVisible();

    await page.goto('/cart');
    await expect(page.getByTestId('cart-row')).toHaveCount(1);
    await page.reload();
    await expect(page.getByTestId('cart-row')).toHaveCount(1);
    await expect(page.getByText('Costo Total')).toBeVisible();
    await expect(page.getByTestId('cart-total')).toContainText(first.dayPrice.toLocaleString('es-AR'));
    await page.getByRole('button', { name: 'Resumen de la compra' }).click();
    await expect(page.getByText('Hola!')).toBeVisible();
    await expect(page.getByText(/Para poder realizar el siguiente paso debes iniciar sesion, o registrarte/)).toBeVisible();
  });
});

test.describe('detail page', () => {
  test('comes with its professional in the page, and is hydrated as it came even with this browser’s cart', async ({ browser, page }) => {
    const professional = catalogue.find((p) => p.reputation >= 1 && p.availableDays.length > 0)!;
    const name = `${professional.firstName} ${professional.lastName}`;
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    try {
      const bare = await noScript.newPage();
      await bare.goto(`/detail/${professional.id}`);
      await expect(bare.getByTestId('detail-name')).toHaveText(name);
      await expect(bare.getByTestId('review')).toHaveCount(professional.reputation);
    } finally {
      await noScript.close();
    }
    // A date in this browser's cart: the server cannot know it, so the page shows it once hydrated, without a redraw.
    await page.goto(`/detail/${professional.id}`);
    const card = page.getByTestId('book-dates-card');
    const [date] = await bookableDates(page.request, professional.id);
    expect(date).toBeDefined();
    await pickCartDate(page, card, date!, () =>
      expect(card.getByTestId('cart-day-chip')).toHaveText([dateLabel(date!)], { timeout: 2000 }),
    );
    const redrawn = hydrationRedraws(page);
    await page.reload();
    await expect(card.getByTestId('cart-day-chip')).toHaveText([dateLabel(date!)]);
    await expect(page.getByTestId('consult-button')).toBeVisible();
    expect(redrawn).toEqual([]);
  });

  test('shows the professional, the reviews, and filters by a profession', async ({ page }) => {
    const professional = catalogue.find((p) => p.reputation >= 2 && p.professions.length >= 2)!;
    await page.goto(`/detail/${professional.id}`);
    await expect(page.getByTestId('detail-name')).toHaveText(`${professional.firstName} ${professional.lastName}`);
    // A visitor: where the professional works, not its street, e-mail or phone (contact.e2e.ts: who sees them).
    await expect(page.getByTestId('detail-address')).toHaveText(professional.locality!);
    await expect(page.getByTestId('detail-email')).toHaveText(CONTACT_HIDDEN_TEXT);
    await expect(page.getByTestId('detail-phone')).toHaveText(CONTACT_HIDDEN_TEXT);
    await expect(page.getByRole('heading', { name: 'Reseñas' })).toBeVisible();
    await expect(page.getByTestId('review')).toHaveCount(professional.reputation);
    const profession = professional.professions[1].name;
    await page.getByTestId('detail-profession').getByText(capitalize(profession), { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/home/${encodeURIComponent(profession)}$`));
    await expect(page.getByTestId('profession-chip')).toHaveText([capitalize(profession)]);
    await expect(cardNames(page)).toHaveText(fullNames(expectedPage(catalogue, { professions: profession })));
  });

  test("'Ver Mas...' opens the detail and 'Volver a Inicio' returns to the listing", async ({ page }) => {
    await page.goto('/home');
    const first = expectedPage(catalogue, { page: '1' }).items[0];
    await page.getByTestId('professional-card').first().getByText('Ver Mas...').click();
    await expect(page).toHaveURL(new RegExp(`/detail/${first.id}$`));
    await expect(page.getByTestId('detail-name')).toHaveText(`${first.firstName} ${first.lastName}`);
    await page.getByText('Volver a Inicio').click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('says so when the professional does not exist', async ({ page }) => {
    await page.goto('/detail/999999');
    await expect(page.getByTestId('professional-not-found')).toBeVisible();
    await expect(page.getByText('Volver a Inicio')).toBeVisible();
  });
});

test('unknown paths show the 404 page', async ({ page }) => {
  await page.goto('/esto/no/existe');
  await expect(page.getByText('Opps! Página no encontrada.')).toBeVisible();
  await expect(page.getByText('La página que buscas no existe.')).toBeVisible();
  await page.getByText('Volver a Home').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Elige una profesion:' })).toBeVisible();
});

test.describe('the listing URL', () => {
  // Two professions together are rare in the demo catalogue: the administrator adds both to enough
  // professionals of one rating and one name fragment to fill two pages, and puts them back afterwards.
  const both = ['plomero', 'gasista'];
  let admin: ApiUser;
  let edited: ProfessionalListItem[] = [];
  let rating = 0;
  let search = '';

  const editProfessions = async (professional: ProfessionalListItem, professions: string[]) => {
    // The e-mail, phone and address as the public listing has them (null): the save keeps the stored ones.
    const { firstName, lastName, email, phoneNumber, address, profileImg, availableDays, dayPrice } = professional;
    const body = { firstName, lastName, email, phoneNumber, address, profileImg, availableDays, dayPrice, professions };
    const response = await admin.put(`/home/professionals/${professional.id}`, body);
    expect(response.ok(), await response.text()).toBe(true);
  };

  test.beforeAll(async ({ playwright }) => {
    admin = await apiUser(playwright);
    const login = await admin.post('/home/user/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(login.ok(), await login.text()).toBe(true);
    const groups = [1, 2, 3, 4, 5].flatMap((stars) =>
      ['a', 'e', 'o', 'i'].map((fragment) => ({
        stars,
        fragment,
        members: catalogue.filter((p) => p.rating === stars && nameSortKey(p.firstName, p.lastName).includes(fragment)),
      })),
    );
    const largest = groups.sort((a, b) => b.members.length - a.members.length)[0]!;
    expect(largest.members.length).toBeGreaterThanOrEqual(10);
    ({ stars: rating, fragment: search } = largest);
    edited = largest.members.slice(0, 12);
    for (const professional of edited) {
      await editProfessions(professional, [...new Set([...professional.professions.map((p) => p.name), ...both])]);
    }
  });

  test.afterAll(async () => {
    for (const professional of edited) {
      await editProfessions(
        professional,
        professional.professions.map((p) => p.name),
      );
    }
    await admin.context.dispose();
  });

  test('a filtered, sorted, searched page 2 survives a reload and a shared link; back walks through earlier states', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const current = await fetchCatalogue(page.request);
    const filters = { professions: both.join(','), rating: String(rating), sort: 'firstName', order: 'desc' };
    const secondPage = expectedPage(current, { ...filters, search, page: '2' });
    expect(secondPage.items.length).toBeGreaterThan(0);
    const urlOf = (query: string) => new RegExp(`/home\\?${query.replace(/[?.]/g, '\\$&')}$`);
    const stars = rating === 1 ? '1 estrella' : `${rating} estrellas`;

    await page.goto('/home');
    await choose(page, 'Profesion', 'Plomero');
    await choose(page, 'Profesion', 'Gasista');
    await choose(page, 'Reputacion', stars);
    await choose(page, 'Orden por nombre', 'Descendente');
    await expect(page).toHaveURL(urlOf(`professions=plomero,gasista&rating=${rating}&sort=firstName&order=desc`));
    await page.getByRole('textbox', { name: 'Buscar profesional' }).fill(search);
    await page.getByRole('button', { name: /Buscar/ }).click();
    await expect(cardNames(page)).toHaveText(fullNames(expectedPage(current, { ...filters, search, page: '1' })));
    await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
    const pageTwo = urlOf(`professions=plomero,gasista&rating=${rating}&sort=firstName&order=desc&search=${search}&page=2`);
    await expect(page).toHaveURL(pageTwo);
    await expect(cardNames(page)).toHaveText(fullNames(secondPage));

    const showsPageTwo = async (tab: Page) => {
      await expect(tab).toHaveURL(pageTwo);
      await expect(cardNames(tab)).toHaveText(fullNames(secondPage));
      await expect(tab.getByTestId('profession-chip')).toHaveText(['Plomero', 'Gasista']);
      await expect(tab.getByTestId('filter-rating')).toContainText(stars);
      await expect(tab.getByTestId('sort-name')).toContainText('Descendente');
      await expect(tab.getByRole('textbox', { name: 'Buscar profesional' })).toHaveValue(search);
      await expect(tab.locator('.ant-pagination-item-active')).toHaveText('2');
    };
    await page.reload();
    await showsPageTwo(page);

    const elsewhere = await browser.newPage();
    await elsewhere.goto(page.url());
    await showsPageTwo(elsewhere);
    await elsewhere.close();

    await page.goBack();
    await expect(page).toHaveURL(urlOf(`professions=plomero,gasista&rating=${rating}&sort=firstName&order=desc&search=${search}`));
    await expect(cardNames(page)).toHaveText(fullNames(expectedPage(current, { ...filters, search, page: '1' })));
    await expect(page.locator('.ant-pagination-item-active')).toHaveText('1');

    await page.goBack();
    await expect(page).toHaveURL(urlOf(`professions=plomero,gasista&rating=${rating}&sort=firstName&order=desc`));
    await expect(cardNames(page)).toHaveText(fullNames(expectedPage(current, { ...filters, page: '1' })));
    await expect(page.getByRole('textbox', { name: 'Buscar profesional' })).toHaveValue('');
    await expect(page.getByTestId('profession-chip')).toHaveText(['Plomero', 'Gasista']);
  });
});
