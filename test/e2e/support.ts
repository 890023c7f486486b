import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { applyListing, parseListingQuery, type ListingPage, type ProfessionalListItem } from '@oficios/domain';

export const API_URL = process.env.E2E_API_URL ?? 'http://127.0.0.1:3201';

/** The whole seeded catalogue, read from the API the page uses. */
export async function fetchCatalogue(request: APIRequestContext): Promise<ProfessionalListItem[]> {
  const response = await request.get(`${API_URL}/home/professionals`);
  expect(response.ok()).toBe(true);
  return response.json();
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
