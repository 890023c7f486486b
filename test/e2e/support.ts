import { expect, request as playwrightRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  addDays,
  applyListing,
  BOOKING_DEFAULTS,
  startOfDateIn,
  parseListingQuery,
  weekdayOf,
  type AvailabilityView,
  type CheckoutAnswer,
  type IsoDate,
  type ListingPage,
  type ManagedProfessional,
  type ProfessionalContact,
  type ProfessionalListItem,
} from '@oficios/domain';

export const API_URL = process.env.E2E_API_URL ?? 'http://127.0.0.1:3201';

/** The whole seeded catalogue, read from the API the page uses. */
export async function fetchCatalogue(request: APIRequestContext): Promise<ProfessionalListItem[]> {
  const response = await request.get(`${API_URL}/home/professionals`);
  expect(response.ok()).toBe(true);
  return response.json();
}

/** A professional of the catalogue with the contact its public answers hide. */
export type ProfessionalWithContact = Omit<ProfessionalListItem, keyof ProfessionalContact> & ProfessionalContact;

/**
 * The professionals with their e-mail, phone and address, as the administrator's editor loads them (the public
 * answers hide them): to sign in as a seeded professional, or to check what a page must not show.
 */
export async function withContacts(professionals: ProfessionalListItem[]): Promise<ProfessionalWithContact[]> {
  const admin = await signedInApi({ request: playwrightRequest }, ADMIN_EMAIL, ADMIN_PASSWORD);
  try {
    return await Promise.all(
      professionals.map(async (professional) => {
        const response = await admin.context.get(`/api/admin/professionals/${professional.id}`);
        expect(response.ok(), await response.text()).toBe(true);
        const { email, phoneNumber, address } = (await response.json()) as ManagedProfessional;
        return { ...professional, email, phoneNumber, address };
      }),
    );
  } finally {
    await admin.context.dispose();
  }
}

/** The whole seeded catalogue with each professional's contact (see withContacts). */
export async function fetchCatalogueWithContacts(request: APIRequestContext): Promise<ProfessionalWithContact[]> {
  return withContacts(await fetchCatalogue(request));
}

/** What the listing must show for a query, by the domain's reference rules. */
export function expectedPage(catalogue: ProfessionalListItem[], raw: Record<string, string>): ListingPage {
  const parsed = parseListingQuery(raw);
  if (!parsed.ok) throw new Error(`bad query ${JSON.stringify(raw)}`);
  return applyListing(catalogue, parsed.query);
}

export function fullNames(page: ListingPage): string[] {
  return page.items.map((p) => `${p.firstName} ${p.lastName}`);
}

/** Names on the cards currently shown. */
export function cardNames(page: Page) {
  return page.getByTestId('card-name');
}

/** Picks an option of one of the toolbar's antd Selects. */
export async function choose(page: Page, selectLabel: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: selectLabel }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .getByText(option, { exact: true })
    .click();
}

// The administrator the seed creates (ADMIN_EMAIL / ADMIN_PASSWORD, defaults of apps/api config).
export const ADMIN_EMAIL = process.env.ADMIN_EMAIL ?? 'admin@oficios.local';
export const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'admin1234';

/**
 * A cookie-keeping API client that echoes XSRF-TOKEN in X-XSRF-TOKEN, as the SPA does
 * (read before every call: signing in issues a new token).
 */
export async function apiUser(playwright: { request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> } }) {
  const context = await playwright.request.newContext({ baseURL: API_URL });
  expect((await context.get('/health')).ok()).toBe(true);
  const xsrf = async () => {
    const value = (await context.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
    expect(value).toBeTruthy();
    return decodeURIComponent(value!);
  };
  return {
    context,
    post: async (path: string, data: unknown) => context.post(path, { headers: { 'X-XSRF-TOKEN': await xsrf() }, data }),
    put: async (path: string, data: unknown) => context.put(path, { headers: { 'X-XSRF-TOKEN': await xsrf() }, data }),
  };
}

export type ApiUser = Awaited<ReturnType<typeof apiUser>>;

/** The seed's password for its demo clients and professionals (apps/api/src/database/seed). */
export const DEMO_PASSWORD = 'oficios123';

/** An API client signed in as `email` (setup a person would not do on the screen under test). */
export async function signedInApi(playwright: Parameters<typeof apiUser>[0], email: string, password: string): Promise<ApiUser> {
  const user = await apiUser(playwright);
  const login = await user.post('/home/user/login', { email, password, google: false });
  expect(login.status(), await login.text()).toBe(200);
  return user;
}

/**
 * Sets the API's clock (TEST_CLOCK, which scripts/e2e.mjs turns on) `offsetMs` ahead of real time; answers the moved
 * now. Every test that moves it puts it back (offset 0): the browser tests share one API.
 */
export async function setApiClock(request: APIRequestContext, offsetMs: number): Promise<Date> {
  expect((await request.get(`${API_URL}/health`)).ok()).toBe(true);
  const xsrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  expect(xsrf).toBeTruthy();
  const moved = await request.put(`${API_URL}/dev/clock`, { headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf!) }, data: { offsetMs } });
  expect(moved.status(), await moved.text()).toBe(200);
  return new Date((await moved.json()).now);
}

/** The offset that puts the API's clock `hoursAfter` hours into the day after `date` (its last date has passed). */
export function offsetPast(date: IsoDate, hoursAfter = 1, timeZone: string = BOOKING_DEFAULTS.timeZone): number {
  return startOfDateIn(addDays(date, 1), timeZone) + hoursAfter * 3_600_000 - Date.now();
}

/** Password of every account the browser tests register. */
export const PASSWORD = 'clave-e2e-123';

/** A price per day as the cards, the detail page and the admin's editor show it: "$ 27.500 por día". */
export const perDay = (pesos: number) => new RegExp(`^\\$\\s?${pesos.toLocaleString('es-AR').replaceAll('.', '\\.')} por día$`);

let sequence = 0;
export function uniqueEmail(prefix: string): string {
  sequence += 1;
  return `${prefix}.${Date.now()}.${sequence}@e2e.local`;
}

export async function openRegistration(page: Page, kind: 'Cliente' | 'Profesional') {
  const drawer = page.getByTestId(kind === 'Cliente' ? 'drawer-register-cliente' : 'drawer-register-profesional');
  const entry = page.getByRole('menuitem', { name: kind });
  // On a loaded machine a click can land on the menu while it is still appearing, and be lost: open it again then.
  await expect(async () => {
    if (await drawer.isVisible()) return;
    if (!(await entry.isVisible())) await page.getByRole('button', { name: /Regístrate/ }).click({ timeout: 2_000 });
    await entry.click({ timeout: 2_000 });
    await expect(drawer).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  return drawer;
}

export async function fillPerson(drawer: ReturnType<Page['getByTestId']>, person: { firstName: string; lastName: string }) {
  await drawer.getByLabel('Nombre', { exact: true }).fill(person.firstName);
  await drawer.getByLabel('Apellido', { exact: true }).fill(person.lastName);
  await drawer.getByLabel('Dirección').fill('Av. Siempreviva 742');
  await drawer.getByLabel('Teléfono').fill('+54 11 5555-0101');
}

/**
 * Picks an entry of the avatar menu until its effect shows. antd drops a click
 * that lands while the menu is still animating open, which a test can hit.
 */
export async function accountMenu(page: Page, entry: 'Ir a Mi Perfil' | 'Cerrar Sesion', done: () => Promise<void>) {
  await expect(async () => {
    const item = page.getByRole('menuitem', { name: entry });
    if (!(await item.isVisible())) await page.getByTestId('account-menu').click();
    await item.click({ timeout: 2000 });
    await done();
  }).toPass({ timeout: 20_000 });
}

export async function signOut(page: Page) {
  await accountMenu(page, 'Cerrar Sesion', () =>
    expect(page.getByRole('button', { name: 'Iniciar Sesion' })).toBeVisible({ timeout: 3000 }),
  );
}

export async function signIn(page: Page, email: string, password: string) {
  await page.getByRole('button', { name: 'Iniciar Sesion' }).click();
  const drawer = page.getByTestId('drawer-login');
  await drawer.getByLabel('Correo').fill(email);
  await drawer.getByLabel('Contraseña', { exact: true }).fill(password);
  await drawer.getByRole('button', { name: 'Logear' }).click();
  await expect(page.getByTestId('account-menu')).toBeVisible();
}

export async function goToMyProfile(page: Page) {
  await accountMenu(page, 'Ir a Mi Perfil', () => expect(page).toHaveURL(/\/details\/me$/, { timeout: 3000 }));
}

/** Registers a new client through the "Regístrate" drawer; answers its e-mail once the avatar menu shows. */
export async function registerClient(page: Page, person: { firstName: string; lastName: string }): Promise<string> {
  const email = uniqueEmail('cliente');
  const drawer = await openRegistration(page, 'Cliente');
  await drawer.getByLabel('Correo').fill(email);
  await drawer.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await drawer.getByLabel('Confirmar contraseña').fill(PASSWORD);
  await fillPerson(drawer, person);
  await drawer.getByLabel('Acepto términos y condiciones').check();
  await drawer.getByRole('button', { name: 'Registrame' }).click();
  await expect(page.getByTestId('account-menu')).toBeVisible();
  return email;
}

export interface Booking {
  orderId: number;
  /** The order's one line (order detail) and its dates. */
  lineId: number;
  dates: IsoDate[];
  clientId: number;
  headers: Record<string, string>;
}

/**
 * The signed-in client books one day of `professional`, straight through the API the SPA uses
 * (the cart and checkout screens are covered by checkout.e2e.ts): an order waiting for payment.
 */
export async function book(page: Page, professional: Pick<ProfessionalListItem, 'id' | 'availableDays'>): Promise<Booking> {
  const xsrf = (await page.context().cookies(API_URL)).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  expect(xsrf).toBeTruthy();
  const headers = { 'X-XSRF-TOKEN': xsrf! };
  const me = await (await page.request.get(`${API_URL}/home/user/me`)).json();
  const clientId: number = me.dataValues.id;

  const added = await page.request.post(`${API_URL}/api/cart`, {
    headers,
    data: { clientId, professionalId: professional.id, days: [professional.availableDays[0]] },
  });
  expect(added.status()).toBe(201);
  const ordered = await page.request.post(`${API_URL}/api/orders`, { headers, data: { cartId: me.cart.id } });
  expect(ordered.ok()).toBe(true);
  const { newOrder } = (await ordered.json()) as CheckoutAnswer;
  return { orderId: newOrder.id, lineId: newOrder.lines[0]!.id, dates: newOrder.lines[0]!.dates, clientId, headers };
}

/** Pays the order in the sandbox and reloads /details/me until its line shows it paid ("procesando"). */
export async function pay(page: Page, { orderId, clientId, headers }: Booking) {
  const payment = await page.request.post(`${API_URL}/api/mercado`, { headers, data: { orderId, clientId, items: [] } });
  expect(payment.ok()).toBe(true);
  await page.goto((await payment.json()).url);
  await page.getByRole('button', { name: 'Aprobar pago' }).click();
  await expect(page).toHaveURL(/\/details\/me(\?|$)/);

  // The payment's webhook moves the order through a worker: reload until the line shows it.
  const line = historyLine(page, orderId);
  await expect(async () => {
    await page.reload();
    await expect(line).toHaveAttribute('data-status', 'procesando', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
}

export const historyLine = (page: Page, orderId: number) => page.locator(`[data-testid="history-line"][data-order-id="${orderId}"]`);

/** The dates `professionalId` can be booked on now, as the date pickers offer them (its availability answer). */
export async function bookableDates(request: APIRequestContext, professionalId: number): Promise<IsoDate[]> {
  const response = await request.get(`${API_URL}/home/professionals/${professionalId}/availability`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as AvailabilityView).dates;
}

/** The first of `dates` that falls on `day` (a weekday name of the spec), skipping `except`. */
export function firstDateOn(dates: readonly IsoDate[], day: string, except: readonly IsoDate[] = []): IsoDate {
  const date = dates.find((candidate) => weekdayOf(candidate) === day && !except.includes(candidate));
  expect(date, `a bookable ${day}`).toBeTruthy();
  return date!;
}

/** The open popup of the antd date picker "Fechas disponibles de …" inside `container`. */
async function openDatePicker(page: Page, container: Locator): Promise<Locator> {
  const input = container.getByRole('textbox', { name: /Fechas disponibles de/ });
  await expect(input).toBeEnabled();
  // A popup still closing after the last pick takes no clicks: close any, let it finish, then open this one.
  const popup = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  if ((await popup.count()) > 0) await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0, { timeout: 2000 });
  await input.click({ timeout: 2000 });
  await expect(popup).toHaveCount(1, { timeout: 2000 });
  return popup;
}

/** The cell of `date` in an open picker, paging to its month (the picker opens on the first bookable date's month). */
async function dateCell(popup: Locator, date: IsoDate): Promise<Locator> {
  for (let page = 0; page < 4; page++) {
    const cell = popup.locator(`td.ant-picker-cell-in-view[title="${date}"]`);
    if ((await cell.count()) === 1) return cell;
    const shown = await popup.locator('td.ant-picker-cell-in-view').first().getAttribute('title');
    await popup.locator(shown! < date ? '.ant-picker-header-next-btn' : '.ant-picker-header-prev-btn').click({ timeout: 2000 });
  }
  throw new Error(`the picker shows no ${date}`);
}

/**
 * Picks `date` in the antd date picker inside `container` (a cart card or row, or the detail page) as a person does:
 * open it, page to the month, click the day. The picker keeps no value, so a date can be picked twice.
 */
export async function pickCartDate(page: Page, container: Locator, date: IsoDate, picked: () => Promise<void>) {
  // A click that lands while antd's popup is still opening is lost: pick again until `picked` holds.
  await expect(async () => {
    const popup = await openDatePicker(page, container);
    const cell = await dateCell(popup, date);
    await expect(cell).not.toHaveClass(/ant-picker-cell-disabled/, { timeout: 500 });
    await cell.locator('.ant-picker-cell-inner').click({ timeout: 2000 });
    await picked();
  }).toPass({ timeout: 15_000 });
}

/** Which of `dates` the date picker inside `container` offers (enabled days); closes it after. */
export async function offeredDates(page: Page, container: Locator, dates: readonly IsoDate[]): Promise<IsoDate[]> {
  const popup = await openDatePicker(page, container);
  const offered: IsoDate[] = [];
  for (const date of dates) {
    const cell = await dateCell(popup, date);
    if (!((await cell.getAttribute('class')) ?? '').includes('ant-picker-cell-disabled')) offered.push(date);
  }
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  return offered;
}

/** The warnings of a page whose server-rendered HTML React could not take over as it was (it drew that part again). */
export function hydrationRedraws(page: Page): string[] {
  const redraws: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('no coincidía')) redraws.push(message.text());
  });
  return redraws;
}
