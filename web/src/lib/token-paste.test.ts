import { describe, expect, it } from 'vitest';
import { tokenFromPaste } from './token-paste.ts';

const TOKEN = '3f9c2a7be41d08c6a5f1e92b7d3c4a60b18e5f27c9d04a13';

describe('tokenFromPaste', () => {
  it('takes the token out of the printed UI URL, with its origin', () => {
    expect(tokenFromPaste(`http://127.0.0.1:7420/?token=${TOKEN}`)).toEqual({
      kind: 'token',
      token: TOKEN,
      origin: 'http://127.0.0.1:7420',
    });
  });

  it('finds the URL inside the whole terminal block around it', () => {
    const printed = `Fuseforks 0.1.0 is running.\n  UI:        http://localhost:7421/?token=${TOKEN}\n  workspace: /home/ann/w\n`;
    expect(tokenFromPaste(printed)).toEqual({ kind: 'token', token: TOKEN, origin: 'http://localhost:7421' });
  });

  it('takes a bare token, as in the api_token file (its newline and spaces trimmed)', () => {
    expect(tokenFromPaste(`  ${TOKEN}\n`)).toEqual({ kind: 'token', token: TOKEN, origin: null });
  });

  it('takes a query string without the host', () => {
    expect(tokenFromPaste(`?token=${TOKEN}`)).toEqual({ kind: 'token', token: TOKEN, origin: null });
    expect(tokenFromPaste(`token=${TOKEN}`)).toEqual({ kind: 'token', token: TOKEN, origin: null });
  });

  it('says what is missing instead of guessing', () => {
    expect(tokenFromPaste('   ')).toEqual({ kind: 'empty' });
    expect(tokenFromPaste('http://127.0.0.1:7420/')).toEqual({ kind: 'url_without_token' });
    expect(tokenFromPaste('http://127.0.0.1:7420/?token=')).toEqual({ kind: 'url_without_token' });
    expect(tokenFromPaste('Fuseforks 0.1.0 is running.')).toEqual({ kind: 'unrecognised' });
  });

  it('does not take another parameter that ends in "token" for the token', () => {
    expect(tokenFromPaste('http://127.0.0.1:7420/?xtoken=abc')).toEqual({ kind: 'url_without_token' });
    expect(tokenFromPaste('?xtoken=abc')).toEqual({ kind: 'token', token: '?xtoken=abc', origin: null });
  });
});
