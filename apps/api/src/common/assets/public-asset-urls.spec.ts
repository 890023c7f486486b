import { publicAssetUrlsReplacer, withPublicAssetUrls } from './public-asset-urls';

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

describe('publicAssetUrlsReplacer', () => {
  const write = (value: unknown) => JSON.parse(JSON.stringify(value, publicAssetUrlsReplacer(API))) as unknown;

  it('writes every profileImg absolute, however deep, leaving other fields, nulls and foreign images as they are', () => {
    const answer = {
      dataValues: { profileImg: '/uploads/a.png', address: '/uploads/a.png' },
      orders: [{ orderDetails: [{ professional: { profileImg: '/avatars/LG-1.svg' } }, { professional: { profileImg: null } }] }],
      reviews: [{ client: { profileImg: 'https://lh3.googleusercontent.com/a/x' } }],
      profileImgs: ['/uploads/b.png'],
    };
    expect(write(answer)).toEqual({
      dataValues: { profileImg: `${API}/uploads/a.png`, address: '/uploads/a.png' },
      orders: [{ orderDetails: [{ professional: { profileImg: `${API}/avatars/LG-1.svg` } }, { professional: { profileImg: null } }] }],
      reviews: [{ client: { profileImg: 'https://lh3.googleusercontent.com/a/x' } }],
      profileImgs: ['/uploads/b.png'],
    });
    // The value written from is not changed (it may be a cached answer).
    expect(answer.dataValues.profileImg).toBe('/uploads/a.png');
  });

  it('also reaches the fields of class instances and of what a toJSON answers', () => {
    class Account {
      constructor(readonly profileImg: string) {}
    }
    const wrapped = { toJSON: () => ({ profileImg: '/avatars/ZZ-1.svg' }) };
    expect(write({ account: new Account('/uploads/c.png'), wrapped })).toEqual({
      account: { profileImg: `${API}/uploads/c.png` },
      wrapped: { profileImg: `${API}/avatars/ZZ-1.svg` },
    });
  });
});
