import type { AppConfig } from '../../config/app-config';
import { PublicAssetUrls } from './public-asset-urls';

const API = 'https://api.oficios.example';
const assets = new PublicAssetUrls({ publicApiUrl: API } as AppConfig);
const written = (value: unknown) => JSON.parse(assets.json(value)) as unknown;

describe('PublicAssetUrls: answers written with absolute images', () => {
  it('makes every profileImg absolute, however deep, and leaves other fields, nulls and foreign images alone', () => {
    const answer = {
      msg: 'cliente logeado',
      dataValues: { profileImg: '/uploads/a.png', address: '/uploads/a.png' },
      orders: [{ orderDetails: [{ professional: { profileImg: '/avatars/LG-1.svg' } }, { professional: { profileImg: null } }] }],
      reviews: [{ client: { profileImg: 'https://lh3.googleusercontent.com/a/x' } }],
      profileImgs: ['/uploads/b.png'],
    };
    expect(written(answer)).toEqual({
      msg: 'cliente logeado',
      dataValues: { profileImg: `${API}/uploads/a.png`, address: '/uploads/a.png' },
      orders: [{ orderDetails: [{ professional: { profileImg: `${API}/avatars/LG-1.svg` } }, { professional: { profileImg: null } }] }],
      reviews: [{ client: { profileImg: 'https://lh3.googleusercontent.com/a/x' } }],
      profileImgs: ['/uploads/b.png'],
    });
  });

  it('never changes the value written from (cached answers are shared)', () => {
    const cached = { items: [{ id: 1, profileImg: '/avatars/LG-1.svg' }], when: new Date(0) };
    expect(written(cached)).toEqual({ items: [{ id: 1, profileImg: `${API}/avatars/LG-1.svg` }], when: '1970-01-01T00:00:00.000Z' });
    expect(cached.items[0].profileImg).toBe('/avatars/LG-1.svg');
    expect(written('texto')).toBe('texto');
  });

  it('also reaches the fields of class instances and of what a toJSON answers', () => {
    class Account {
      constructor(readonly profileImg: string) {}
    }
    const wrapped = { toJSON: () => ({ profileImg: '/avatars/ZZ-1.svg' }) };
    expect(written({ account: new Account('/uploads/c.png'), wrapped })).toEqual({
      account: { profileImg: `${API}/uploads/c.png` },
      wrapped: { profileImg: `${API}/avatars/ZZ-1.svg` },
    });
  });

  it('rewrites the image fields only: never text inside a value that reads like one, never a value with escapes', () => {
    const looksLikeOne = '{"profileImg":"/uploads/a.png"}';
    const answer = {
      note: looksLikeOne,
      quoted: 'ver "profileImg":"/avatars/LG-1.svg"',
      trailing: 'barra \\',
      profileImg: '/uploads/a.png',
      other: { profileImg: 'dice "hola" /uploads/a.png' },
      list: [{ profileImg: '/avatars/LG-1.svg' }, { profileImg: '/uploads/a.png/../b' }],
    };
    expect(written(answer)).toEqual({
      note: looksLikeOne,
      quoted: 'ver "profileImg":"/avatars/LG-1.svg"',
      trailing: 'barra \\',
      profileImg: `${API}/uploads/a.png`,
      other: { profileImg: 'dice "hola" /uploads/a.png' },
      list: [{ profileImg: `${API}/avatars/LG-1.svg` }, { profileImg: '/uploads/a.png/../b' }],
    });
    expect(assets.json(undefined)).toBeUndefined();
  });

  it('keeps our own absolute images, given back in an input, as their stored path', () => {
    expect(assets.stored(`${API}/uploads/a.png`)).toBe('/uploads/a.png');
    expect(assets.stored('https://lh3.googleusercontent.com/a/x')).toBe('https://lh3.googleusercontent.com/a/x');
  });
});
