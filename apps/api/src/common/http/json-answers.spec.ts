import type { AppConfig } from '../../config/app-config';
import { PublicAssetUrls } from '../assets/public-asset-urls';
import { JsonAnswers } from './json-answers';
import { JsonRepresentation } from './json-representation';

describe('JsonAnswers', () => {
  const answers = new JsonAnswers(new PublicAssetUrls({ publicApiUrl: 'https://api.oficios.example' } as AppConfig));

  it('serialises an answer as it leaves the API (images absolute)', () => {
    const representation = answers.of({ id: 1, profileImg: '/avatars/1.svg' });
    expect(JSON.parse(representation.body.toString())).toEqual({ id: 1, profileImg: 'https://api.oficios.example/avatars/1.svg' });
  });

  it('keeps one representation per answer object (a cached answer is serialised once), a new one for a new object', () => {
    const cached = { items: [{ id: 1 }] };
    expect(answers.of(cached)).toBe(answers.of(cached));
    expect(answers.of({ items: [{ id: 1 }] })).not.toBe(answers.of(cached));
    const made = JsonRepresentation.ofJson(JSON.stringify([1, 2]));
    expect(answers.of(made)).toBe(made);
  });
});
