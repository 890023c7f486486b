import {
  DAYS,
  PROFESSIONAL_EDIT_MESSAGES,
  type ManagedProfessional,
  type ProfessionalDetail,
  type ProfessionalListItem,
} from '@oficios/domain';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, API_URL, apiUser, PASSWORD, perDay, signIn, uniqueEmail, type ApiUser } from './support';

/** The client books one day of `professional` from its cart: answers the order (waiting for payment). */
async function bookThroughApi(client: ApiUser, cartId: number, professional: ProfessionalListItem): Promise<number> {
  const added = await client.post('/api/cart', { professionalId: professional.id, days: [professional.availableDays[0]] });
  expect(added.status(), await added.text()).toBe(201);
  const ordered = await client.post('/api/orders', { cartId });
  expect(ordered.ok(), await ordered.text()).toBe(true);
  return (await ordered.json()).newOrder.id;
}

/** Pays the order in the sandbox ("Aprobar pago") and waits until the worker has marked it procesando. */
async function payThroughApi(client: ApiUser, orderId: number) {
  const link = await client.post('/api/mercado', { orderId });
  expect(link.ok(), await link.text()).toBe(true);
  const paid = await client.context.post(`${(await link.json()).url}/pay`, { form: { decision: 'approve' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  await expect
    .poll(
      async () =>
        ((await (await client.context.get('/api/orders')).json()) as { id: number; status: string }[]).find((o) => o.id === orderId)
          ?.status,
      {
        timeout: 30_000,
      },
    )
    .toBe('procesando');
}

/** Registers (and signs in) an account through `POST /home/user/register`; answers the session answer. */
async function register(user: ApiUser, extra: Record<string, unknown>) {
  const response = await user.post('/home/user/register', {
    email: uniqueEmail(extra.isClient ? 'cliente' : 'pro'),
    password: PASSWORD,
    phoneNumber: '11 5555 0303',
    address: 'Calle Admin 1',
    ...extra,
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json() as Promise<{ dataValues: { id: number }; cart: { id: number } | null }>;
}

async function openPanel(page: Page) {
  await page.goto('/');
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/admin');
  await expect(page.getByTestId('admin-panel')).toBeVisible();
}

/** "Herramientas" → drawer "Modificaciones" → one tool (the drawer may drop a click while it animates). */
async function openTool(page: Page, tool: 'Editar Profesionales' | 'Ordenes de Compra' | 'Crear Profesiones', heading: string) {
  await expect(async () => {
    const drawer = page.getByRole('dialog', { name: 'Modificaciones' });
    if (!(await drawer.isVisible())) await page.getByRole('button', { name: 'Herramientas', exact: true }).click();
    await drawer.getByRole('button', { name: tool, exact: true }).click({ timeout: 2000 });
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('dialog', { name: 'Modificaciones' })).toBeHidden();
}

/** Picks an option of an antd Select (retried: a click can land while the popup animates). */
async function pick(page: Page, combobox: Locator, option: string) {
  await expect(async () => {
    const popup = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    if (!(await popup.first().isVisible())) await combobox.click();
    await popup.getByText(option, { exact: true }).click({ timeout: 2000 });
    await expect(popup.first()).toBeHidden({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

test.describe('admin panel', () => {
  test('visitors are asked to sign in at /admin', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByText('Inicia sesión para continuar')).toBeVisible();
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByTestId('drawer-login')).toBeVisible();
  });

  test('the administrator sees "Datos de la Pagina" and edits a professional', async ({ page, playwright }) => {
    test.setTimeout(90_000);
    const pro = await apiUser(playwright);
    const registered = await register(pro, {
      firstName: 'Edita',
      lastName: 'Profesional',
      isProfessional: true,
      professions: ['plomero'],
      dayPrice: 14000,
      availableDays: ['lunes', 'martes'],
      aboutMe: 'Para editar desde el panel.',
    });
    await pro.context.dispose();
    const id = registered.dataValues.id;
    const before: ProfessionalDetail = await (await page.request.get(`${API_URL}/home/professionals/${id}`)).json();
    const newDay = DAYS.find((day) => !before.availableDays.includes(day))!;
    expect(newDay).toBeTruthy();

    await openPanel(page);
    const card = page.getByTestId('admin-card');
    await expect(card.getByTestId('profile-email')).toHaveText(ADMIN_EMAIL);
    await expect(card.getByTestId('profile-id')).not.toBeEmpty();

    // "Datos de la Pagina": the numbers the API computes.
    const stats = await (await page.request.get(`${API_URL}/api/admin/statistics`)).json();
    const data = page.getByTestId('statistics-card');
    await expect(data).toContainText('Datos de la Pagina');
    await expect(data.getByTestId('stat-professionals')).toContainText(String(stats.professionals));
    await expect(data.getByTestId('stat-professions')).toContainText(String(stats.professions));
    await expect(data.getByTestId('stat-clients')).toContainText(String(stats.clients));
    await expect(data.getByTestId('profession-stat')).toHaveCount(stats.byProfession.length);
    await expect(data.locator('[data-testid="profession-stat"][data-name="plomero"]')).toContainText('Plomero');
    await expect(page.getByRole('link', { name: 'Colas (Bull Board)' })).toHaveAttribute('href', `${API_URL}/admin/queues`);

    await openTool(page, 'Editar Profesionales', 'Editar Profesionales');
    await expect(page.getByText('Busca un cliente en la base de datos por su id.')).toBeVisible();
    await page.getByPlaceholder('Buscar...').fill(String(id));
    await page.getByPlaceholder('Buscar...').press('Enter');
    const editor = page.getByTestId('professional-editor');
    await expect(editor.getByTestId('edit-id')).toHaveText(String(id));
    await expect(editor.getByTestId('current-firstName')).toHaveText('Edita');

    const phone = editor.getByTestId('edit-row-phoneNumber');
    await phone.getByRole('textbox').fill('1144447777');
    await phone.getByRole('button', { name: 'Cambiar' }).click();
    await expect(editor.getByTestId('current-phoneNumber')).toHaveText('1144447777');

    const days = editor.getByTestId('edit-row-availableDays');
    await pick(page, days.getByRole('combobox'), newDay);
    await days.getByRole('button', { name: 'Cambiar' }).click();
    await expect(days.locator(`[data-testid="chosen-tag"][data-value="${newDay}"]`)).toBeVisible();

    const professions = editor.getByTestId('edit-row-professions');
    await pick(page, professions.getByRole('combobox'), 'Gasista');
    await professions.getByRole('button', { name: 'Cambiar' }).click();
    await expect(professions.getByTestId('chosen-tag')).toHaveText(['Plomero', 'Gasista']);

    // The price per day and "Sobre mi", with the rules of "Mi negocio": a price of 0 is refused under the field.
    const price = editor.getByTestId('edit-row-dayPrice');
    await expect(editor.getByTestId('current-dayPrice')).toHaveText(perDay(14000));
    await editor.getByLabel('Precio por dia').fill('0');
    await price.getByRole('button', { name: 'Cambiar' }).click();
    await expect(editor.getByTestId('edit-error-dayPrice')).toHaveText(PROFESSIONAL_EDIT_MESSAGES.dayPrice);
    await editor.getByLabel('Precio por dia').fill('18500');
    await price.getByRole('button', { name: 'Cambiar' }).click();
    await expect(editor.getByTestId('edit-error-dayPrice')).toBeHidden();
    await expect(editor.getByTestId('current-dayPrice')).toHaveText(perDay(18500));
    const bio = 'Plomero y gasista.\nPresupuestos sin cargo.';
    await expect(editor.getByLabel('Sobre mi')).toHaveValue('Para editar desde el panel.');
    await editor.getByLabel('Sobre mi').fill(bio);
    await editor.getByTestId('edit-row-aboutMe').getByRole('button', { name: 'Cambiar' }).click();
    await expect(editor.getByTestId('pending-count')).toHaveText('5 campos sin guardar');

    // Nothing was sent yet (read as the editor reads it: the public answer hides the contact).
    const managed = async (): Promise<ManagedProfessional> => (await page.request.get(`${API_URL}/api/admin/professionals/${id}`)).json();
    const unchanged = await managed();
    expect(unchanged.phoneNumber).toBe('11 5555 0303');

    await editor.getByRole('button', { name: 'Finalizar Cambios' }).click();
    const done = page.getByRole('dialog').filter({ hasText: 'Profesional Modificado con Exito' });
    await expect(done).toBeVisible();
    // A click on the dialog while it is still zooming in can be lost on a loaded machine: close it until it is gone.
    await expect(async () => {
      if (await done.isVisible()) await done.getByRole('button', { name: 'Cerrar' }).click({ timeout: 2_000 });
      await expect(done).toBeHidden({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });

    const saved = await managed();
    expect(saved.phoneNumber).toBe('1144447777');
    // What the editor did not touch is as it was: the e-mail and the address too.
    expect(saved).toMatchObject({ email: unchanged.email, address: 'Calle Admin 1' });
    expect(saved.availableDays).toContain(newDay);
    expect(saved.professions.map((p) => p.name).sort()).toEqual(['gasista', 'plomero']);
    expect(saved).toMatchObject({ dayPrice: 18500, aboutMe: bio });

    // An administrator sees the contact on the detail page.
    await page.goto(`/detail/${id}`);
    await expect(page.getByTestId('detail-phone')).toHaveText('1144447777');
    await expect(page.getByTestId('detail-profession')).toHaveText(['Gasista', 'Plomero']);
    await expect(page.getByTestId('detail-day-price')).toHaveText(perDay(18500));
    await expect(page.getByTestId('detail-about')).toHaveText(bio, { useInnerText: true });
  });

  test('the administrator moves orders along the allowed moves, and confirms cancelling a paid one', async ({ page, playwright }) => {
    test.setTimeout(120_000);
    // A client pays one order in the sandbox, then books again: one order paid ("procesando"), one waiting ("creada").
    const catalogue: ProfessionalListItem[] = await (await page.request.get(`${API_URL}/home/professionals`)).json();
    const [first, second] = catalogue.filter((p) => p.availableDays.length > 0);
    const client = await apiUser(playwright);
    const me = await register(client, { firstName: 'Orden', lastName: 'Cliente', isClient: true });
    const paidId = await bookThroughApi(client, me.cart!.id, first!);
    await payThroughApi(client, paidId);
    const unpaidId = await bookThroughApi(client, me.cart!.id, second!);
    await client.context.dispose();

    await openPanel(page);
    await openTool(page, 'Ordenes de Compra', 'Editar Ordenes');
    const rowOf = (id: number) => page.locator(`[data-testid="order-row"][data-order-id="${id}"]`);
    const filter = page.getByRole('combobox', { name: 'Filtrar por Estado' });
    const unpaid = rowOf(unpaidId);
    const paid = rowOf(paidId);

    await pick(page, filter, 'creada');
    await expect(unpaid).toBeVisible();
    await expect(unpaid.getByTestId('order-client')).toHaveText(String(me.dataValues.id));
    await expect(unpaid.getByTestId('order-professionals')).toHaveText('1');
    // The spec's 15 characters, in Spanish: "mar 01 dic 2026".
    await expect(unpaid.getByTestId('order-date')).toHaveText(
      /^(dom|lun|mar|mié|jue|vie|sáb) \d{2} (ene|feb|mar|abr|may|jun|jul|ago|sep|oct|nov|dic) \d{4}$/,
    );
    await expect(unpaid.getByTestId('order-status')).toHaveText('Creada');

    // Refused by the server: its reason is shown and the row keeps its stored status.
    const unpaidSelect = unpaid.getByRole('combobox', { name: `Cambiar estado de la orden ${unpaidId}` });
    await pick(page, unpaidSelect, 'completa');
    await expect(
      page.locator('.ant-message-notice').filter({ hasText: 'solo un pago aprobado por MercadoPago la marca como pagada' }),
    ).toBeVisible();
    await expect(unpaid.getByTestId('order-status')).toHaveText('Creada');
    await expect(unpaid.locator('.ant-select-content')).toHaveText('creada');

    // An unpaid order is cancelled at once.
    const patched = page.waitForResponse((r) => r.url().endsWith(`/api/orders/${unpaidId}`) && r.request().method() === 'PATCH');
    await pick(page, unpaidSelect, 'cancelada');
    expect((await patched).ok()).toBe(true);
    await expect(unpaid.getByTestId('order-status')).toHaveText('Cancelada');
    await expect(unpaid.getByTestId('order-payment-alert')).toHaveCount(0);

    // A paid one asks first: the money is owed back, and the row says so.
    await pick(page, filter, 'procesando');
    await expect(paid.getByTestId('order-status')).toHaveText('Procesando');
    await pick(page, paid.getByRole('combobox', { name: `Cambiar estado de la orden ${paidId}` }), 'cancelada');
    const confirm = page.getByRole('dialog').filter({ hasText: `¿Cancelar la orden ${paidId}?` });
    await expect(confirm).toContainText('hay que devolverle');
    await confirm.getByRole('button', { name: 'Cancelar y devolver el dinero' }).click();
    await expect(paid.getByTestId('order-status')).toHaveText('Cancelada');
    await expect(paid.getByTestId('order-refund-due')).toHaveText('Devolución pendiente');

    await pick(page, filter, 'cancelada');
    await expect(paid).toBeVisible();
    await expect(unpaid).toBeVisible();
    await pick(page, filter, 'creada');
    await expect(unpaid).toHaveCount(0);

    // The changes are on the server.
    const cancelled = await (
      await page.request.get(`${API_URL}/api/orders`, { params: { status: 'cancelada', page: 1, pageSize: 100 } })
    ).json();
    const byId = new Map((cancelled.items as { id: number; paymentAlert: { refundDue: boolean } | null }[]).map((o) => [o.id, o]));
    expect(byId.get(paidId)?.paymentAlert?.refundDue).toBe(true);
    expect(byId.get(unpaidId)?.paymentAlert).toBeNull();
  });

  test('the administrator creates a profession and deletes it', async ({ page }) => {
    test.setTimeout(60_000);
    const name = `oficio${Date.now().toString(36)}`;
    const label = name.charAt(0).toUpperCase() + name.slice(1);
    await openPanel(page);
    await openTool(page, 'Crear Profesiones', 'Crea una nueva profesion');
    const tool = page.getByTestId('professions-tool');
    await expect(tool.getByTestId('profession-badge').first()).toBeVisible();
    // By test id: antd's loading icon can linger in the accessible name ("loading Crear") after a save.
    const create = tool.getByTestId('create-profession');
    await expect(create).toHaveText('Crear');
    await expect(create).toBeDisabled();

    await tool.getByPlaceholder('Nueva profesion...').fill(name);
    await create.click();
    await expect(tool.getByTestId('professions-feedback')).toHaveText(`Profesion ${label} creada`);
    const badge = tool.locator(`[data-testid="profession-badge"][data-name="${name}"]`);
    await expect(badge).toHaveText(label);
    // "Datos de la Pagina" counts it, with no professionals.
    await expect(page.locator(`[data-testid="profession-stat"][data-name="${name}"]`)).toHaveAttribute('data-count', '0');

    // The same name again (any case): refused.
    await tool.getByPlaceholder('Nueva profesion...').fill(name.toUpperCase());
    await create.click();
    await expect(tool.getByTestId('professions-feedback')).toContainText('ya existe');

    // A profession professionals still have cannot go: the server says why.
    await tool.locator('[data-testid="profession-badge"][data-name="plomero"]').click();
    await page.locator('.ant-popover:not(.ant-popover-hidden)').getByRole('button', { name: 'Borrar' }).click();
    await expect(tool.getByTestId('professions-feedback')).toContainText('quitala de ellos antes de borrarla');
    await expect(tool.locator('[data-testid="profession-badge"][data-name="plomero"]')).toBeVisible();

    await badge.click();
    const confirm = page.locator('.ant-popover:not(.ant-popover-hidden)').filter({ hasText: `¿Borrar la profesion ${label}?` });
    await confirm.getByRole('button', { name: 'Borrar' }).click();
    await expect(tool.getByTestId('professions-feedback')).toHaveText(`Profesion ${label} borrada`);
    await expect(badge).toHaveCount(0);
    const professions: { name: string }[] = await (await page.request.get(`${API_URL}/home/professions`)).json();
    expect(professions.map((p) => p.name)).not.toContain(name);
  });
});
