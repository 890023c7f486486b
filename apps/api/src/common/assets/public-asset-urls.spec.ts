import { withPublicAssetUrls } from './public-asset-urls';

const API = 'https://api.oficios.example';

describe('withPublicAssetUrls', () => {
  it('makes every profileImg absolute, however deep, and leaves other fields and foreign images alone', () => {
    const answer = {
      msg: 'cliente logeado',
      dataValues: { profileImg: '/uploads/a.png', address: '/uploads/a.png' },
      orders: [{ orderDetails: [{ professional: { profileImg: '/avatars/LG-1.svg' } }, { professional: { profileImg: null } }] }],
      reviews: [{ client: { profileImg: 'https://lh3.googleusercontent.com/a/x' } }],
    };
    expect(withPublicAssetUrls(answer, API)).toEqual({
      msg: 'cliente logeado',
      dataValues: { profileImg: `${API}/uploads/a.png`, address: '/uploads/a.png' },
      orders: [{ orderDetails: [{ professional: { profileImg: `${API}/avatars/LG-1.svg` } }, { professional: { profileImg: null } }] }],
      reviews: [{ client: { profileImg: 'https://lh3.googleusercontent.com/a/x' } }],
    });
  });

  it('never changes the value given (cached answers are shared) and copies only what changed', () => {
    const untouched = { id: 2, profileImg: null };
    const cached = { items: [{ id: 1, profileImg: '/avatars/LG-1.svg' }, untouched], when: new Date(0) };
    const answered = withPublicAssetUrls(cached, API);
    expect(cached.items[0].profileImg).toBe('/avatars/LG-1.svg');
    expect(answered.items[1]).toBe(untouched);
    expect(answered.when).toBe(cached.when);
    expect(withPublicAssetUrls(untouched, API)).toBe(untouched);
    expect(withPublicAssetUrls('texto', API)).toBe('texto');
  });
});
