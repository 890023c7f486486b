import { expect, test } from './fixtures';
import { fillPerson, goToMyProfile, openRegistration, PASSWORD, registerClient, signIn, signOut, uniqueEmail } from './support';

// A 1x1 PNG, to upload as a profile picture.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
test.describe('accounts', () => {
  test('a client registers through the drawer, signs out and back in, and edits the profile', async ({ page }) => {
    // Registration, two sign-ins and two profile edits (the e-mail with the current password): a long walk.
    test.slow();
    const email = uniqueEmail('cliente');
    await page.goto('/');
    const drawer = await openRegistration(page, 'Cliente');
    await expect(drawer.getByText('Regístrate como cliente').or(page.getByText('Regístrate como cliente'))).toBeVisible();

    // Empty form: every message of the spec, the form alert, and nothing sent.
    await drawer.getByRole('button', { name: 'Registrame' }).click();
    await expect(drawer.getByText('Verifique que todos los campos esten llenos')).toBeVisible();
    for (const message of [
      'El campo nombre es obligatorio',
      'El campo apellido es obligatorio',
      'El numero de telefono es obligatorio',
      'El campo dirección es obligatorio',
      'El password es obligatorio',
    ]) {
      await expect(drawer.getByText(message)).toBeVisible();
    }

    await drawer.getByLabel('Correo').fill(email);
    await drawer.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await drawer.getByLabel('Confirmar contraseña').fill('otra-cosa-123');
    await fillPerson(drawer, { firstName: 'Clara', lastName: 'Quiroga' });
    await drawer.getByTestId('profile-image-input').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
    await expect(drawer.getByTestId('profile-image-preview')).toBeVisible();
    await drawer.getByRole('button', { name: 'Registrame' }).click();
    await expect(drawer.getByText('Las contraseñas no coinciden')).toBeVisible();

    await drawer.getByLabel('Confirmar contraseña').fill(PASSWORD);
    await drawer.getByLabel('Acepto términos y condiciones').check();
    await drawer.getByRole('button', { name: 'Registrame' }).click();
    await expect(page.getByTestId('account-menu')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Iniciar Sesion' })).toHaveCount(0);

    await signOut(page);
    await signIn(page, email, PASSWORD);

    await goToMyProfile(page);
    const profile = page.getByTestId('client-profile');
    await expect(profile.getByTestId('profile-name')).toContainText('Clara Quiroga');
    await expect(page.getByText('Historial de Compras')).toBeVisible();
    await profile.getByTestId('edit-profile-button').click();
    const modal = page.getByRole('dialog', { name: 'Editar Cliente' });
    await modal.getByLabel('Correo').fill('no-es-un-correo');
    await modal.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(modal.getByTestId('edit-error-email')).toBeVisible();
    await modal.getByLabel('Correo').fill('');
    await modal.getByLabel('Dirección').fill('Calle Nueva 99');
    await modal.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(modal).toBeHidden();
    await expect(profile.getByTestId('profile-address')).toHaveText('Calle Nueva 99');
    await expect(profile.getByTestId('profile-email')).toHaveText(email);

    // Another e-mail asks for the current password.
    const newEmail = uniqueEmail('cliente-nuevo');
    await profile.getByTestId('edit-profile-button').click();
    await expect(modal.getByLabel('Tu contraseña actual')).toHaveCount(0);
    await modal.getByLabel('Correo').fill(newEmail);
    await modal.getByLabel('Tu contraseña actual').fill('no-es-la-clave');
    await modal.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(modal.getByTestId('edit-error-currentPassword')).toHaveText('La contraseña actual no es correcta');
    await modal.getByLabel('Tu contraseña actual').fill(PASSWORD);
    await modal.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(modal).toBeHidden();
    await expect(profile.getByTestId('profile-email')).toHaveText(newEmail);
    await expect(page.getByTestId('email-unverified')).toContainText(newEmail);

    // The change is on the server: it survives a reload.
    await page.reload();
    await expect(page.getByTestId('client-profile').getByTestId('profile-address')).toHaveText('Calle Nueva 99');
  });

  test('a professional registers with professions and sees its profile', async ({ page }) => {
    const email = uniqueEmail('pro');
    await page.goto('/');
    const drawer = await openRegistration(page, 'Profesional');
    await drawer.getByLabel('Correo').fill(email);
    await drawer.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await drawer.getByLabel('Confirmar contraseña').fill(PASSWORD);
    await fillPerson(drawer, { firstName: 'Pedro', lastName: 'Paredes' });
    await drawer.getByLabel('Sobre mi').fill('Plomero matriculado, trabajos garantizados.');
    await drawer.getByRole('checkbox', { name: 'Plomero' }).check();
    await drawer.getByRole('checkbox', { name: 'Gasista' }).check();
    await drawer.getByLabel('Precio por dia').fill('22000');
    await drawer.getByRole('checkbox', { name: 'Martes' }).check();
    await drawer.getByLabel('Acepto términos y condiciones').check();
    await drawer.getByRole('button', { name: 'Registrame' }).click();
    await expect(page.getByTestId('account-menu')).toBeVisible();

    await goToMyProfile(page);
    const profile = page.getByTestId('professional-profile');
    await expect(profile.getByTestId('profile-name')).toContainText('Pedro Paredes');
    await expect(profile.getByTestId('profile-profession')).toHaveText(['Gasista', 'Plomero']);
    await expect(profile.getByText('Trabajos', { exact: true })).toBeVisible();
    await expect(profile.getByText('Reseñas', { exact: true })).toBeVisible();

    // The new professional is in the catalogue.
    await page.goto('/home/plomero');
    await page.getByRole('textbox', { name: 'Buscar profesional' }).fill('Pedro Paredes');
    await page.getByRole('textbox', { name: 'Buscar profesional' }).press('Enter');
    await expect(page.getByTestId('card-name')).toHaveText(['Pedro Paredes']);
  });

  test('Google sign-in through the local stand-in: register, then sign straight in', async ({ page }) => {
    // The stand-in serves only the reserved demo domain.
    const email = uniqueEmail('google').replace(/@.*$/, '@demo.oficios.test');
    await page.goto('/');
    await page.getByRole('button', { name: 'Iniciar Sesion' }).click();
    const login = page.getByTestId('drawer-login');
    await expect(login.getByText('Continua con Google')).toBeVisible();

    const chooseAccount = async () => {
      const popupPromise = page.waitForEvent('popup');
      await page.getByText('Continua con Google').first().click();
      const popup = await popupPromise;
      await popup.getByLabel('Correo').fill(email);
      await popup.getByLabel('Nombre').fill('Gabriela');
      await popup.getByLabel('Apellido').fill('Guzmán');
      // The popup closes itself right after the callback: listen before clicking.
      const closed = popup.waitForEvent('close');
      await popup.getByRole('button', { name: 'Continuar' }).click();
      await closed;
    };

    await chooseAccount();
    const drawer = page.getByTestId('drawer-register-cliente');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByLabel('Correo')).toHaveValue(email);
    await expect(drawer.getByLabel('Correo')).toBeDisabled();
    await expect(drawer.getByText('Usar Otra Cuenta')).toBeVisible();
    await expect(drawer.getByLabel('Nombre', { exact: true })).toHaveValue('Gabriela');
    await drawer.getByLabel('Dirección').fill('Calle Google 1');
    await drawer.getByLabel('Teléfono').fill('+54 11 5555-0202');
    await drawer.getByLabel('Acepto términos y condiciones').check();
    await drawer.getByRole('button', { name: 'Registrame' }).click();
    await expect(page.getByTestId('account-menu')).toBeVisible();

    await signOut(page);
    await page.getByRole('button', { name: 'Iniciar Sesion' }).click();
    await chooseAccount();
    await expect(page.getByTestId('account-menu')).toBeVisible();
    await goToMyProfile(page);
    await expect(page.getByTestId('client-profile').getByTestId('profile-email')).toHaveText(email);
  });

  test('"Cerrar sesión en todos los dispositivos" signs this browser out and every other one', async ({ page, browser }) => {
    // Two browsers signing in and loading the SPA: more than one test's worth of time on a busy machine.
    test.slow();
    await page.goto('/');
    const email = await registerClient(page, { firstName: 'Sara', lastName: 'Sosa' });
    const elsewhere = await browser.newContext();
    try {
      const other = await elsewhere.newPage();
      await other.goto('/');
      await signIn(other, email, PASSWORD);

      await goToMyProfile(page);
      await page.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }).click();
      await page.getByRole('button', { name: 'Sí, cerrar todas' }).click();
      // As after a logout: signed out here...
      await expect(page.getByRole('button', { name: 'Iniciar Sesion' })).toBeVisible();
      await expect(page.getByText('Ha ocurrido un problema')).toBeVisible();
      // ...and on the other device at its next request.
      await other.goto('/details/me');
      await expect(other.getByRole('button', { name: 'Iniciar Sesion' })).toBeVisible();
      await expect(other.getByText('Ha ocurrido un problema')).toBeVisible();
    } finally {
      await elsewhere.close();
    }
  });

  test('/details/me shows the admin panel to the administrator and a problem to visitors', async ({ page }) => {
    await page.goto('/details/me');
    await expect(page.getByText('Ha ocurrido un problema')).toBeVisible();
    await expect(page.getByText('Redirigete hacia Home.')).toBeVisible();
    await page
      .getByRole('button', { name: 'HOME' })
      .or(page.getByRole('link', { name: 'HOME' }))
      .click();
    await expect(page).toHaveURL(/\/$/);

    await signIn(page, 'admin@oficios.local', 'admin1234');
    await goToMyProfile(page);
    await expect(page.getByTestId('admin-panel')).toBeVisible();
    await expect(page.getByTestId('admin-card')).toContainText('admin@oficios.local');
  });

  test('a wrong password gets a clear message', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Iniciar Sesion' }).click();
    const drawer = page.getByTestId('drawer-login');
    await drawer.getByLabel('Correo').fill('admin@oficios.local');
    await drawer.getByLabel('Contraseña', { exact: true }).fill('equivocada-1');
    await drawer.getByRole('button', { name: 'Logear' }).click();
    await expect(drawer.getByText('Correo o contraseña incorrectos')).toBeVisible();
  });
});
