import type { Db } from './pool.ts';

export interface DemoLogin {
  userId: string;
  password: string;
  note: string;
}

/** Seeds demo data on first start; returns the demo logins to print. */
export async function seedDemoData(_db: Db): Promise<DemoLogin[]> {
  return [];
}
