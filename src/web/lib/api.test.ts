import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, loginPath, safeNext, setUnauthorizedHandler } from './api';
import { getToken, setToken } from './storage';

/** A Map-backed Web Storage for the node test environment. */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api()', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const onUnauthorized = vi.fn();

  beforeEach(() => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(onUnauthorized);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    onUnauthorized.mockReset();
  });

  it('sends the bearer token and JSON, and returns the parsed body', async () => {
    setToken('tok-1');
    fetchMock.mockResolvedValue(json(200, { ok: 1 }));
    await expect(
      api('/api/x', { method: 'PUT', body: { a: 1 }, query: { q: 'a b', skip: undefined } }),
    ).resolves.toEqual({
      ok: 1,
    });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/x?q=a+b');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer tok-1',
      'Content-Type': 'application/json',
    });
  });

  it('throws a typed ApiError built from the error body', async () => {
    fetchMock.mockResolvedValue(
      json(422, {
        status: 422,
        message: 'error.validation',
        description: 'Bad',
        fields: { name: 'Required' },
      }),
    );
    const error = await api('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'error.validation',
      description: 'Bad',
      fields: { name: 'Required' },
    });
  });

  it('maps an answer without a JSON body to the code of its status', async () => {
    fetchMock.mockResolvedValue(new Response('<html>', { status: 404 }));
    await expect(api('/api/x')).rejects.toMatchObject({ status: 404, message: 'error.notFound' });
    fetchMock.mockResolvedValue(new Response('', { status: 502 }));
    await expect(api('/api/x')).rejects.toMatchObject({ status: 502, message: 'error.server' });
  });

  it('on 401 forgets the token and hands over to the login redirect', async () => {
    setToken('tok-2');
    fetchMock.mockResolvedValue(json(401, { status: 401, message: 'error.sessionExpired' }));
    await expect(api('/api/x')).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves a 401 alone where it is an expected answer (the login form)', async () => {
    setToken('tok-3');
    fetchMock.mockResolvedValue(json(401, { status: 401, message: 'error.invalidCredentials' }));
    await expect(api('/api/auth/login', { body: {}, redirectOn401: false })).rejects.toMatchObject({
      message: 'error.invalidCredentials',
    });
    expect(getToken()).toBe('tok-3');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports network failures and timeouts as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api('/api/x')).rejects.toMatchObject({ status: 0, message: 'error.network' });
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    await expect(api('/api/x', { timeoutMs: 20 })).rejects.toMatchObject({
      status: 0,
      message: 'error.timeout',
    });
  });
});

describe('post-login destination', () => {
  it('accepts only same-origin paths', () => {
    expect(safeNext('/users?x=1')).toBe('/users?x=1');
    expect(safeNext('//evil.example.com')).toBeNull();
    expect(safeNext('/\\evil.example.com')).toBeNull();
    expect(safeNext('https://evil.example.com')).toBeNull();
    expect(safeNext('/login?next=/x')).toBeNull();
    expect(safeNext(null)).toBeNull();
  });

  it('builds the login URL', () => {
    expect(loginPath('/roles?tab=1')).toBe('/login?next=%2Froles%3Ftab%3D1');
    expect(loginPath('/')).toBe('/login');
    expect(loginPath(undefined)).toBe('/login');
  });
});
