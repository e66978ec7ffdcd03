import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, loginPath, safeNext, setUnauthorizedHandler } from './api';

/** The page's readable cookies (the HttpOnly session cookie is not among them). */
const page = { cookie: '' };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api()', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const onUnauthorized = vi.fn();

  beforeEach(() => {
    page.cookie = 'cwa.other=1; cwa_csrf=csrf-1';
    vi.stubGlobal('document', page);
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(onUnauthorized);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    onUnauthorized.mockReset();
  });

  it('sends JSON with the CSRF cookie echoed in its header, and returns the parsed body', async () => {
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
    expect(init?.headers).toEqual({
      Accept: 'application/json',
      'x-csrf-token': 'csrf-1',
      'Content-Type': 'application/json',
    });
    expect(init?.credentials).toBe('same-origin');
  });

  it('sends no CSRF header on a GET, nor without the cookie', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    await api('/api/x');
    expect(fetchMock.mock.calls[0][1]?.headers).toEqual({ Accept: 'application/json' });
    page.cookie = '';
    await api('/api/x', { method: 'DELETE' });
    expect(fetchMock.mock.calls[1][1]?.headers).toEqual({ Accept: 'application/json' });
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

  it('on 401 hands over to the login redirect', async () => {
    fetchMock.mockResolvedValue(json(401, { status: 401, message: 'error.sessionExpired' }));
    await expect(api('/api/x')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves a 401 alone where it is an expected answer (the login form)', async () => {
    fetchMock.mockResolvedValue(json(401, { status: 401, message: 'error.invalidCredentials' }));
    await expect(api('/api/auth/login', { body: {}, redirectOn401: false })).rejects.toMatchObject({
      message: 'error.invalidCredentials',
    });
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
