/** ISBN-13 check digit of the first twelve digits (weights 1, 3, 1, 3, ...). */
export function isbn13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** A valid ISBN-13: 978 or 979 prefix, thirteen digits, correct check digit. */
export function isValidIsbn13(isbn: string): boolean {
  return /^97[89]\d{10}$/.test(isbn) && isbn13CheckDigit(isbn.slice(0, 12)) === Number(isbn[12]);
}

/** Builds an ISBN-13 from a 978/979 prefix and a nine-digit body (registrant, publisher, title). */
export function makeIsbn13(prefix: '978' | '979', body: number): string {
  const first12 = `${prefix}${String(body).padStart(9, '0')}`;
  return `${first12}${isbn13CheckDigit(first12)}`;
}
