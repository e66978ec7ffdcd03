/** Hands out unique, realistic usernames ("maria.lopez", "maria.lopez2"). */
export class UsernameBook {
  private readonly taken = new Set<string>();

  reserve(name: string): void {
    this.taken.add(name);
  }

  /** first.last, lowercased ASCII, with a number appended when already taken. */
  make(firstName: string, lastName: string): string {
    const base = `${slug(firstName)}.${slug(lastName)}`;
    let name = base;
    for (let n = 2; this.taken.has(name); n++) name = `${base}${n}`;
    this.taken.add(name);
    return name;
  }
}

function slug(s: string): string {
  return (
    s
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z]/g, '') || 'user'
  );
}
