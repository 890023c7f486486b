import { isAcceptableImageUrl } from '../identity/registration';
import { isStoredAssetPath, publicAssetUrl, storedAssetPath } from './asset-urls';

const API = 'https://api.oficios.example';

describe('image addresses', () => {
  it('makes our stored images absolute on the API base, and leaves anything else alone', () => {
    expect(publicAssetUrl('/uploads/a1.png', API)).toBe('https://api.oficios.example/uploads/a1.png');
    expect(publicAssetUrl('/avatars/LG-210.svg', `${API}/`)).toBe('https://api.oficios.example/avatars/LG-210.svg');
    expect(publicAssetUrl('https://lh3.googleusercontent.com/a/x', API)).toBe('https://lh3.googleusercontent.com/a/x');
    expect(publicAssetUrl(null, API)).toBeNull();
    expect(publicAssetUrl('/home/professionals', API)).toBe('/home/professionals');
  });

  it('stores our own absolute images as their path, under a base with a path too', () => {
    expect(storedAssetPath('https://api.oficios.example/uploads/a1.png', API)).toBe('/uploads/a1.png');
    expect(storedAssetPath('http://localhost:3001/avatars/AO-200.svg', 'http://localhost:3001')).toBe('/avatars/AO-200.svg');
    expect(storedAssetPath('https://x.example/api/uploads/a1.png', 'https://x.example/api/')).toBe('/uploads/a1.png');
    expect(storedAssetPath('/uploads/a1.png', API)).toBe('/uploads/a1.png');
  });

  it('keeps foreign and non-image addresses as given, for the validation to judge', () => {
    expect(storedAssetPath('https://lh3.googleusercontent.com/a/x', API)).toBe('https://lh3.googleusercontent.com/a/x');
    expect(storedAssetPath('https://api.oficios.example.evil/uploads/a.png', API)).toBe('https://api.oficios.example.evil/uploads/a.png');
    expect(storedAssetPath('https://api.oficios.example/home/professionals', API)).toBe('https://api.oficios.example/home/professionals');
    expect(storedAssetPath('https://api.oficios.example/uploads/a.png?x=1', API)).toBe('https://api.oficios.example/uploads/a.png?x=1');
    expect(storedAssetPath(null, API)).toBeNull();
  });

  it('the stored form is what registration accepts as our own image', () => {
    expect(isStoredAssetPath('/uploads/a1.png')).toBe(true);
    expect(isStoredAssetPath('/uploads/a/b.png')).toBe(false);
    expect(isAcceptableImageUrl(storedAssetPath('http://localhost:3001/uploads/a1.png', 'http://localhost:3001'))).toBe(true);
  });
});
